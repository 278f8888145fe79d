import { describe, expect, test } from "vitest";
import { headerText, isHeaderSafeAddress, plainName } from "../../netlify/lib/mail/emails/quote-emails.tsx";
import { backoffMs, FIRST_BACKOFF_MS, MAX_BACKOFF_MS } from "../../netlify/lib/mail/send-policy.ts";
import { newReference, REFERENCE_PATTERN } from "../../netlify/lib/quote/reference.ts";

describe("quote references", () => {
  test("Q- and six characters without look-alikes (no 0/O, no 1/I/L)", () => {
    const references = Array.from({ length: 2000 }, newReference);
    for (const reference of references) {
      expect(reference).toMatch(REFERENCE_PATTERN);
      expect(reference.slice(2)).not.toMatch(/[01OIL]/);
    }
    // Random, not a counter: 2000 draws from 31⁶ are all different in practice.
    expect(new Set(references).size).toBeGreaterThan(1990);
  });
});

describe("plainName: the receipt greets by name only when it is plain", () => {
  test.each([
    ["Morag", "Morag"],
    ["Mary-Jane", "Mary-Jane"],
    ["Seán O'Neill", "Seán O'Neill"],
    ["D’Arcy", "D’Arcy"],
    ["  Ailsa  ", "Ailsa"],
  ])("%j → %j", (name, expected) => expect(plainName(name)).toBe(expected));

  test.each([
    "www.example.com",
    "http://spam.example",
    "Win £500",
    "<b>Morag</b>",
    "Morag.",
    "Mo  rag",
    "-Morag",
    "Morag\nBcc",
    "morag@example.com",
  ])("%j → null", (name) => expect(plainName(name)).toBeNull());
});

describe("header values", () => {
  test("headerText removes line breaks and control characters and caps the length", () => {
    expect(headerText("Mo\r\nBcc: x@example.com")).toBe("Mo Bcc: x@example.com");
    expect(headerText("a\u2028b\u0000c\td")).toBe("a b c d");
    expect(Array.from(headerText("x".repeat(200)))).toHaveLength(80);
  });

  test.each([
    ["morag@example.co.uk", true],
    ["morag+quotes@example.co.uk", true],
    ["a@b.c, evil@example.com", false],
    ['"x"@example.com', false],
    ["morag@example.co.uk\r\nBcc: x@y.z", false],
    ["Morag <morag@example.co.uk>", false],
  ])("isHeaderSafeAddress(%j) is %s", (address, safe) => expect(isHeaderSafeAddress(address)).toBe(safe));
});

test("backoff doubles from 5 minutes up to 4 hours", () => {
  expect([1, 2, 3, 4].map(backoffMs)).toEqual([1, 2, 4, 8].map((n) => n * FIRST_BACKOFF_MS));
  expect(backoffMs(20)).toBe(MAX_BACKOFF_MS);
});
