import { describe, expect, test } from "vitest";
import { isRecognisedEmailDomain } from "../../src/lib/quote/email-domains";
import { checkQuote } from "../../src/lib/quote/rules";
import { QUOTE_MESSAGES } from "../../src/lib/quote/rules";
import { validateQuote } from "../../src/lib/quote/schema";
import { SERVICE_OPTIONS } from "../../src/lib/service-options";

const valid = {
  firstName: "Morag",
  lastName: "MacLeod",
  email: "morag@gmail.com",
  phone: "07700 900123",
  serviceRequired: "roughcasting",
  message: "Please quote for roughcasting a semi-detached house.",
  attachments: [],
};

describe("validateQuote", () => {
  test.each([
    ["the baseline", {}],
    ["a .scot domain", { email: "info@kippen.scot" }],
    ["a .org.uk domain", { email: "clerk@parish.org.uk" }],
    ["a .net domain", { email: "a@b.net" }],
    ["googlemail", { email: "a@googlemail.com" }],
    ["a +44 number", { phone: "+44 7700 900123" }],
    ["a number with hyphens and brackets", { phone: "(01786) 870-123" }],
    ["15 digits", { phone: "123456789012345" }],
    ["five attachments", { attachments: [1, 2, 3, 4, 5] }],
    ["every service option", { serviceRequired: "other" }],
  ])("accepts %s", (_name, change) => {
    const input = { ...valid, ...change };
    expect(validateQuote(input).success).toBe(true);
    expect(checkQuote(input, input.attachments.length)).toEqual({});
  });

  test.each([
    [{ firstName: "A" }, "firstName", QUOTE_MESSAGES.firstName],
    [{ firstName: "  A  " }, "firstName", QUOTE_MESSAGES.firstName],
    [{ firstName: "x".repeat(51) }, "firstName", QUOTE_MESSAGES.firstNameMax],
    [{ lastName: "" }, "lastName", QUOTE_MESSAGES.lastName],
    [{ email: "morag" }, "email", "Please enter a valid email address"],
    [{ email: "morag@@gmail.com" }, "email", "Please enter a valid email address"],
    [{ email: "morag@example.de" }, "email", "Please enter a valid email address with a recognized domain"],
    [
      { email: "morag@uk.example.io" },
      "email",
      "Please enter a valid email address with a recognized domain",
    ],
    [{ phone: "077009" }, "phone", "Phone number must be at least 10 digits"],
    [{ phone: "0770090012x" }, "phone", "Please enter a valid phone number"],
    [{ phone: "+44 (0) 1786 870 123" }, "phone", "Please enter a valid phone number"],
    [{ phone: "1234-567-89" }, "phone", "Phone number must contain 10-15 digits"],
    [{ phone: "((((((()))))))" }, "phone", "Phone number must contain 10-15 digits"],
    [{ serviceRequired: "" }, "serviceRequired", "Please select a service"],
    [{ serviceRequired: "Roof Repairs" }, "serviceRequired", "Please select a service"],
    [{ message: "123456789" }, "message", "Message must be at least 10 characters"],
    [{ attachments: [1, 2, 3, 4, 5, 6] }, "attachments", "Maximum 5 files allowed"],
  ])("%j → %s: %s", (change, field, message) => {
    const input = { ...valid, ...change };
    expect(validateQuote(input)).toEqual({ success: false, fieldErrors: { [field]: [message] } });
    // The form's plain check gives exactly what the server's schema gives.
    expect(checkQuote(input, input.attachments.length)).toEqual({ [field]: [message] });
  });

  test("a missing field gets its own message, not a type error", () => {
    const { firstName: _omitted, ...rest } = valid;
    expect(validateQuote(rest)).toEqual({
      success: false,
      fieldErrors: { firstName: [QUOTE_MESSAGES.firstName] },
    });
  });
});

test("the seven specified service options", () => {
  expect(SERVICE_OPTIONS.map((o) => `${o.value}: ${o.label}`)).toEqual([
    "roof-repairs: Roof Repairs",
    "new-installation: New Roof Installation",
    "roughcasting: Roughcasting",
    "emergency-repair: Emergency Repair",
    "maintenance: Roof Maintenance",
    "guttering: Guttering Services",
    "other: Other",
  ]);
});

test.each([
  ["gmail.com", true],
  ["YAHOO.CO.UK", true],
  ["sky.com", true],
  ["stirling.gov.uk", true],
  ["glenbrae.scot", true],
  ["example.org", true],
  ["example.fr", false],
  ["scot.example.io", false],
])("isRecognisedEmailDomain(%s) is %s", (domain, expected) => {
  expect(isRecognisedEmailDomain(domain)).toBe(expected);
});

test.each([
  // The common UK providers (docs/spec.md, Validation).
  ...["gmail.com", "googlemail.com", "yahoo.com", "yahoo.co.uk", "hotmail.com", "hotmail.co.uk"],
  ...["outlook.com", "live.com", "icloud.com", "btinternet.com", "sky.com", "aol.com"],
])("accepts the provider %s", (domain) => {
  expect(isRecognisedEmailDomain(domain)).toBe(true);
});
