import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { fillConstants } from "../../src/lib/content-constants.ts";
import { LEAD_RETENTION_MONTHS } from "../../src/lib/lead-model.ts";
import { ACCOUNTS_KEPT_YEARS } from "../../src/lib/payments/erased-accounts.ts";

describe("content constants", () => {
  test("the privacy policy states the retention period through the placeholder, not a literal", () => {
    const policy = readFileSync("content/legal/privacy-policy.md", "utf8");
    expect(policy).toContain("within {LEAD_RETENTION_MONTHS} months");
    expect(fillConstants("within {LEAD_RETENTION_MONTHS} months")).toBe(
      `within ${LEAD_RETENTION_MONTHS} months`,
    );
  });

  test("the privacy policy states how long an erased customer's accounts and a guarantee are kept through the placeholder", () => {
    const policy = readFileSync("content/legal/privacy-policy.md", "utf8");
    expect(policy).toContain('under "Erased customer"');
    expect(policy).toContain(
      "We delete all of these {ACCOUNTS_KEPT_YEARS} years after the end of the tax year (5 April)",
    );
    expect(policy).toContain("stays until {ACCOUNTS_KEPT_YEARS} years after the guarantee ends");
    expect(policy).not.toMatch(/\b6 years\b/);
    expect(fillConstants("{ACCOUNTS_KEPT_YEARS} years")).toBe(`${ACCOUNTS_KEPT_YEARS} years`);
  });

  test("an unknown name fails; other braces are left alone", () => {
    expect(() => fillConstants("{NO_SUCH_VALUE}")).toThrow("Unknown content placeholder {NO_SUCH_VALUE}");
    expect(fillConstants("{lowercase} stays")).toBe("{lowercase} stays");
  });
});
