/**
 * UK dates kept as YYYY-MM-DD (src/lib/proposals/uk-time.ts) read as that calendar day: the day
 * never moves with the clocks (the last Sundays of March and October) nor with the machine's zone.
 */
import { expect, test } from "vitest";
import { formatIsoDay } from "../../src/lib/proposals/uk-time.ts";

test("a YYYY-MM-DD date is written as that day", () => {
  expect(formatIsoDay("2036-03-12")).toBe("12 March 2036");
  expect(formatIsoDay("2036-01-01")).toBe("1 January 2036");
  expect(formatIsoDay("2035-12-31")).toBe("31 December 2035");
  expect(formatIsoDay("2036-02-29")).toBe("29 February 2036");
});

test("every day of three years, clock changes included, keeps its calendar day", () => {
  const utc = new Intl.DateTimeFormat("en-GB", {
    timeZone: "UTC",
    day: "numeric",
    month: "long",
    year: "numeric",
  });
  for (let ms = Date.UTC(2035, 0, 1); ms < Date.UTC(2038, 0, 1); ms += 24 * 60 * 60 * 1000) {
    const iso = new Date(ms).toISOString().slice(0, 10);
    expect(formatIsoDay(iso), iso).toBe(utc.format(ms));
  }
});

test("what is not a date is refused, not shifted", () => {
  for (const text of ["2036-02-30", "2036-13-01", "2036-3-12", "12/03/2036", ""])
    expect(() => formatIsoDay(text), text).toThrow(RangeError);
});
