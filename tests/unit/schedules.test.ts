/** npm start runs every scheduled function on its schedule: the cron matcher and the table it reads. */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cronMatches, scheduledFunctions } from "../../scripts/lib/schedules.ts";

const at = (iso: string) => new Date(iso);

describe("cronMatches", () => {
  it("reads the forms the functions use, in UTC", () => {
    expect(cronMatches("* * * * *", at("2026-03-04T05:06:00Z"))).toBe(true);
    expect(cronMatches("*/5 * * * *", at("2026-03-04T05:10:00Z"))).toBe(true);
    expect(cronMatches("*/5 * * * *", at("2026-03-04T05:11:00Z"))).toBe(false);
    expect(cronMatches("*/10 * * * *", at("2026-03-04T05:00:00Z"))).toBe(true);
    expect(cronMatches("@hourly", at("2026-03-04T05:00:00Z"))).toBe(true);
    expect(cronMatches("@hourly", at("2026-03-04T05:01:00Z"))).toBe(false);
    expect(cronMatches("@daily", at("2026-03-04T00:00:00Z"))).toBe(true);
    expect(cronMatches("@daily", at("2026-03-04T01:00:00Z"))).toBe(false);
    expect(cronMatches("0 7 * * *", at("2026-03-04T07:00:00Z"))).toBe(true);
    expect(cronMatches("0 7 * * 1-5", at("2026-03-08T07:00:00Z"))).toBe(false);
    expect(cronMatches("15,45 * * * *", at("2026-03-08T07:45:00Z"))).toBe(true);
  });

  it("refuses what it cannot read instead of never running it", () => {
    expect(() => cronMatches("every minute", new Date())).toThrow(/Unsupported/);
    expect(() => cronMatches("* * * * L", new Date())).toThrow(/Unsupported/);
  });
});

it("finds every scheduled function, each with a schedule the matcher reads", () => {
  const schedules = scheduledFunctions(join(import.meta.dirname, "..", "..", "netlify", "functions"));
  const names = schedules.map((entry) => entry.name);
  for (const name of [
    "send-notifications",
    "owner-digest",
    "lead-retention",
    "cleanup-uploads",
    "cleanup-orphans",
  ]) {
    expect(names).toContain(name);
  }
  for (const { schedule } of schedules) expect(() => cronMatches(schedule, new Date())).not.toThrow();
  // Within a day every one of them is due at least once.
  for (const { name, schedule } of schedules) {
    const minutes = Array.from(
      { length: 24 * 60 },
      (_, minute) => new Date(Date.UTC(2026, 0, 5) + minute * 60_000),
    );
    expect(
      minutes.some((minute) => cronMatches(schedule, minute)),
      name,
    ).toBe(true);
  }
});
