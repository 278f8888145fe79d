import { describe, expect, it } from "vitest";
import { mailtoLink, smsLink, telLink, whatsappLink } from "../../src/lib/links";
import { WHATSAPP_GREETING } from "../../src/lib/constants";

describe("whatsappLink", () => {
  it("builds a wa.me link from digits only", () => {
    expect(whatsappLink("+44 7700 900412")).toBe("https://wa.me/447700900412");
  });
  it("encodes the prefilled greeting", () => {
    const url = new URL(whatsappLink("447700900412", WHATSAPP_GREETING));
    expect(url.searchParams.get("text")).toBe("Hello! I'd like to enquire about your roofing services.");
  });
});

describe("telLink", () => {
  it.each([
    ["07700 900412", "tel:07700900412"],
    ["+44 (0) 7700-900412", "tel:+4407700900412"],
  ])("%s → %s", (phone, expected) => expect(telLink(phone)).toBe(expected));
});

describe("smsLink", () => {
  it.each([
    ["07700 900412", "sms:07700900412"],
    ["+44 7700 900412", "sms:+447700900412"],
  ])("%s → %s", (phone, expected) => expect(smsLink(phone)).toBe(expected));
});

describe("mailtoLink", () => {
  it("plain address", () => expect(mailtoLink("a@b.co.uk")).toBe("mailto:a@b.co.uk"));
  it("percent-encodes what would add a query, fragment or recipient to the address", () =>
    expect(mailtoLink("a?cc=b@c.com&x#y,z%w@d.co.uk")).toBe("mailto:a%3Fcc=b@c.com%26x%23y%2Cz%25w@d.co.uk"));
  it("encodes subject and body", () =>
    expect(mailtoLink("a@b.co.uk", { subject: "Your quote & roof", body: "Hi" })).toBe(
      "mailto:a@b.co.uk?subject=Your%20quote%20%26%20roof&body=Hi",
    ));
});
