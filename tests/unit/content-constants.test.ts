import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { fillConstants } from "../../src/lib/content-constants.ts";
import { LEAD_RETENTION_MONTHS } from "../../src/lib/lead-model.ts";

describe("content constants", () => {
  test("the privacy policy states the retention period through the placeholder, not a literal", () => {
    const policy = readFileSync("content/legal/privacy-policy.md", "utf8");
    expect(policy).toContain("within {LEAD_RETENTION_MONTHS} months");
    expect(fillConstants("within {LEAD_RETENTION_MONTHS} months")).toBe(
      `within ${LEAD_RETENTION_MONTHS} months`,
    );
  });

  test("an unknown name fails; other braces are left alone", () => {
    expect(() => fillConstants("{NO_SUCH_VALUE}")).toThrow("Unknown content placeholder {NO_SUCH_VALUE}");
    expect(fillConstants("{lowercase} stays")).toBe("{lowercase} stays");
  });
});
