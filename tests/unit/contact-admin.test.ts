import { describe, expect, it } from "vitest";
import {
  fullName,
  messagePreview,
  parseQuotes,
  replyMailto,
  type AdminQuote,
} from "../../src/lib/admin/quotes";
import { formatQuoteDate } from "../../src/lib/admin/dates";
import { formatFileSize } from "../../src/lib/file-size";
import { SERVICE_OPTIONS, serviceLabel } from "../../src/lib/service-options";

const submission: AdminQuote = {
  id: "s1",
  createdAt: "2026-03-05T14:07:00.000Z",
  firstName: "Morag",
  lastName: "Campbell",
  email: "morag@example.co.uk",
  phone: "07700 900123",
  serviceRequired: "roof-repairs",
  message: "Slates missing after the storm.",
  attachments: [{ name: "roof.jpg", size: 2048, type: "image/jpeg", url: "/api/admin/attachments/s1/a1" }],
};

describe("messagePreview", () => {
  // docs/spec.md, Constants: cut at 100 characters.
  const exact = "x".repeat(100);
  it.each([
    ["short message unchanged", "Leak above the kitchen.", "Leak above the kitchen."],
    ["exactly the limit unchanged", exact, exact],
    ["one over the limit cut with an ellipsis", `${exact}y`, `${exact}...`],
    ["trailing space at the cut dropped", `${"x".repeat(99)} more words`, `${"x".repeat(99)}...`],
    ["emoji are not split", `${"x".repeat(99)}🏠🏠`, `${"x".repeat(99)}🏠...`],
  ])("%s", (_name, message, expected) => {
    expect(messagePreview(message)).toBe(expected);
  });

  it("cuts at 100 characters", () => {
    expect(messagePreview("a".repeat(250))).toBe(`${"a".repeat(100)}...`);
  });
});

describe("formatQuoteDate", () => {
  it.each([
    ["winter (GMT)", "2026-01-09T08:05:00.000Z", "09/01/2026, 08:05"],
    ["summer (BST, +1h)", "2026-07-20T23:30:00.000Z", "21/07/2026, 00:30"],
    ["afternoon in 24-hour time", "2026-03-05T14:07:00.000Z", "05/03/2026, 14:07"],
    ["not a date: shown as is", "yesterday", "yesterday"],
  ])("%s", (_name, iso, expected) => {
    expect(formatQuoteDate(iso)).toBe(expected);
  });
});

describe("serviceLabel", () => {
  it.each([
    ["roof-repairs", "Roof Repairs"],
    ["new-installation", "New Roof Installation"],
    ["roughcasting", "Roughcasting"],
    ["emergency-repair", "Emergency Repair"],
    ["maintenance", "Roof Maintenance"],
    ["guttering", "Guttering Services"],
    ["other", "Other"],
    ["something-else", "something-else"],
  ])("%s → %s", (value, label) => expect(serviceLabel(value)).toBe(label));

  it("has the seven specified service options", () => expect(SERVICE_OPTIONS).toHaveLength(7));
});

describe("links and names", () => {
  it("fullName", () => expect(fullName(submission)).toBe("Morag Campbell"));

  it("replyMailto addresses the customer with a subject naming the service", () => {
    const url = new URL(replyMailto(submission, "Glenbrae Roofing"));
    expect(url.protocol).toBe("mailto:");
    expect(url.pathname).toBe("morag@example.co.uk");
    expect(decodeURIComponent(url.search)).toContain(
      "subject=Your Roof Repairs quote request – Glenbrae Roofing",
    );
    expect(decodeURIComponent(url.search)).toContain("Dear Morag,");
  });

  it.each([
    [0, "0 B"],
    [512, "512 B"],
    [2048, "2.0 KB"],
    [4.8 * 1024 * 1024, "4.8 MB"],
    [-1, ""],
  ])("formatFileSize(%d) → %s", (bytes, expected) => expect(formatFileSize(bytes)).toBe(expected));
});

describe("parseQuotes", () => {
  it("accepts the contract shape", () => {
    expect(parseQuotes([submission])).toEqual([submission]);
    expect(parseQuotes([])).toEqual([]);
  });

  it.each([
    ["not an array", { submissions: [] }],
    ["missing field", [{ ...submission, email: undefined }]],
    ["attachment without url", [{ ...submission, attachments: [{ name: "a", size: 1, type: "x" }] }]],
    ["attachments missing", [{ ...submission, attachments: undefined }]],
  ])("rejects %s", (_name, body) => {
    expect(() => parseQuotes(body)).toThrow("unexpected format");
  });
});
