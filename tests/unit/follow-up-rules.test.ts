/**
 * The follow-up rules at their edges (docs/reviews.md): 24 hours for a new lead, 7 days for a
 * quote and for the review reminder, and 07:00 UK time for the digest in GMT, in BST and on the
 * days the clocks change. Time is an argument; nothing waits.
 */
import { describe, expect, test } from "vitest";
import {
  DIGEST_LAST_HOUR,
  businessClock,
  digestDay,
  isFailureListed,
  isNewLeadOverdue,
  isQuoteOverdue,
  reviewReminderDueAt,
} from "../../src/lib/follow-up/rules";

const at = (iso: string) => Date.parse(iso);
const MS = 1;

describe("a new lead is overdue 24 hours after it arrived", () => {
  const created = "2026-03-10T09:15:00.000Z";
  test.each([
    ["one millisecond before", at("2026-03-11T09:15:00.000Z") - MS, false],
    ["at 24 hours", at("2026-03-11T09:15:00.000Z"), true],
    ["after", at("2026-03-12T09:15:00.000Z"), true],
    ["just in", at(created), false],
  ])("%s", (_label, now, overdue) => {
    expect(isNewLeadOverdue(created, now)).toBe(overdue);
  });

  test("24 hours, not one calendar day, across the clock change (25 March 2029 has 23 hours)", () => {
    const saturday = "2029-03-24T12:00:00.000Z";
    expect(isNewLeadOverdue(saturday, at("2029-03-25T11:59:59.999Z"))).toBe(false);
    expect(isNewLeadOverdue(saturday, at("2029-03-25T12:00:00.000Z"))).toBe(true);
  });

  test("a date that cannot be read is never overdue", () => {
    expect(isNewLeadOverdue("not a date", at("2030-01-01T00:00:00Z"))).toBe(false);
  });
});

describe("a quote is overdue 7 days after it was sent", () => {
  const quoted = "2026-06-01T16:00:00.000Z";
  test.each([
    ["one millisecond before 7 days", at("2026-06-08T16:00:00.000Z") - MS, false],
    ["at 7 days", at("2026-06-08T16:00:00.000Z"), true],
    ["6 days", at("2026-06-07T16:00:00.000Z"), false],
  ])("%s", (_label, now, overdue) => {
    expect(isQuoteOverdue(quoted, now)).toBe(overdue);
  });
});

describe("the review reminder", () => {
  test("is due 7 × 24 hours after the request was sent", () => {
    expect(reviewReminderDueAt("2026-10-20T10:30:00.000Z")).toBe("2026-10-27T10:30:00.000Z");
  });
  test("across the end of BST it is still 168 hours (10:30 BST → 09:30 GMT by the clock)", () => {
    expect(reviewReminderDueAt("2026-10-22T09:30:00.000Z")).toBe("2026-10-29T09:30:00.000Z");
  });
});

describe("a failed e-mail is listed for 7 days", () => {
  test.each([
    [at("2026-05-08T08:00:00.000Z") - MS, true],
    [at("2026-05-08T08:00:00.000Z"), false],
  ])("at %d: %s", (now, listed) => {
    expect(isFailureListed("2026-05-01T08:00:00.000Z", now)).toBe(listed);
  });
});

describe("the morning digest goes at 07:00 UK time", () => {
  test.each([
    // Winter (GMT = UTC).
    ["winter 06:59 GMT", "2026-01-15T06:59:59.999Z", null],
    ["winter 07:00 GMT", "2026-01-15T07:00:00.000Z", "2026-01-15"],
    ["winter: the 06:00 UTC run is 06:00 GMT", "2026-01-15T06:00:00.000Z", null],
    // Summer (BST = UTC + 1).
    ["summer 06:59 BST", "2026-07-15T05:59:59.999Z", null],
    ["summer 07:00 BST is 06:00 UTC", "2026-07-15T06:00:00.000Z", "2026-07-15"],
    // Clocks go forward at 01:00 UTC on 29 March 2026: that morning is already BST.
    ["spring-forward day, 06:00 UTC = 07:00 BST", "2026-03-29T06:00:00.000Z", "2026-03-29"],
    ["spring-forward day, 05:59 UTC", "2026-03-29T05:59:59.999Z", null],
    ["the day before, 06:00 UTC = 06:00 GMT", "2026-03-28T06:00:00.000Z", null],
    // Clocks go back at 01:00 UTC on 25 October 2026: that morning is GMT.
    ["fall-back day, 06:00 UTC = 06:00 GMT", "2026-10-25T06:00:00.000Z", null],
    ["fall-back day, 07:00 UTC = 07:00 GMT", "2026-10-25T07:00:00.000Z", "2026-10-25"],
    ["the day before, 06:00 UTC = 07:00 BST", "2026-10-24T06:00:00.000Z", "2026-10-24"],
    // The retry window ends with the last retry hour; the local date is the UK's.
    [
      "the last retry hour",
      `2026-01-15T${String(DIGEST_LAST_HOUR).padStart(2, "0")}:59:59.999Z`,
      "2026-01-15",
    ],
    ["after the window", `2026-01-15T${String(DIGEST_LAST_HOUR + 1).padStart(2, "0")}:00:00.000Z`, null],
    ["the evening before, in BST, is the next day's date in no window", "2026-07-14T23:30:00.000Z", null],
  ])("%s", (_label, iso, day) => {
    expect(digestDay(at(iso))).toBe(day);
  });

  test("the business clock reads UK time", () => {
    expect(businessClock(at("2026-07-14T23:30:00.000Z"))).toEqual({
      date: "2026-07-15",
      hour: 0,
      minute: 30,
    });
    expect(businessClock(at("2026-01-14T23:30:00.000Z"))).toEqual({
      date: "2026-01-14",
      hour: 23,
      minute: 30,
    });
  });
});
