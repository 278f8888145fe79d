/**
 * The visit page's and the server's shared rules (src/lib/visits/): UK postcodes, the booking's
 * checks and messages, London wall time across the clock changes, and the free slots.
 */
import { describe, expect, test } from "vitest";
import type { VisitAvailability } from "../../src/lib/visits/availability-schema.ts";
import {
  londonDate,
  londonInstant,
  londonIso,
  londonOffsetMinutes,
  parseInstant,
} from "../../src/lib/visits/london-time.ts";
import { normalisePostcode } from "../../src/lib/postcode.ts";
import { VISIT_MESSAGES, checkBooking } from "../../src/lib/visits/rules.ts";
import { freeSlots } from "../../src/lib/visits/slots.ts";

describe("UK postcodes", () => {
  test.each([
    ["FK8 3DN", "FK8 3DN"],
    ["fk83dn", "FK8 3DN"],
    [" g1  1aa ", "G1 1AA"],
    ["EH10 4BF", "EH10 4BF"],
    ["SW1A 1AA", "SW1A 1AA"],
    ["W1A 0AX", "W1A 0AX"],
    ["GIR 0AA", "GIR 0AA"],
  ])("%s is %s", (input, expected) => expect(normalisePostcode(input)).toBe(expected));

  test.each(["", "FK8", "12345", "FK8 3DNN", "QK8 3DN", "FK8 3CN", "KIPPEN", "FK8-3DN"])(
    "%s is refused",
    (input) => expect(normalisePostcode(input)).toBeNull(),
  );
});

describe("a booking's checks", () => {
  const valid = {
    start: "2027-03-29T10:00:00+01:00",
    addressLine1: "12 Main Street",
    town: "Kippen",
    postcode: "fk8 3dn",
  };

  test("a valid booking, tidied", () => {
    expect(checkBooking({ ...valid, accessNotes: "  Gate code 1234\n" })).toEqual({
      booking: {
        start: Date.parse("2027-03-29T09:00:00Z"),
        addressLine1: "12 Main Street",
        town: "Kippen",
        postcode: "FK8 3DN",
        accessNotes: "Gate code 1234",
      },
    });
  });

  test.each([
    [{ postcode: "nope" }, "postcode", VISIT_MESSAGES.postcode],
    [{ start: "tomorrow" }, "start", VISIT_MESSAGES.start],
    [{ start: "2027-03-29T10:00:00" }, "start", VISIT_MESSAGES.start],
    [{ addressLine1: " " }, "addressLine1", VISIT_MESSAGES.addressLine1],
    [{ town: "" }, "town", VISIT_MESSAGES.town],
    [{ accessNotes: "x".repeat(501) }, "accessNotes", VISIT_MESSAGES.accessNotesMax],
  ])("%o: %s says %s", (change, field, message) => {
    expect(checkBooking({ ...valid, ...change })).toEqual({ fieldErrors: { [field]: [message] } });
  });
});

describe("London time", () => {
  test("offsets either side of the changes of 2027 (28 March, 31 October at 01:00 UTC)", () => {
    expect(londonOffsetMinutes(Date.parse("2027-03-28T00:59:00Z"))).toBe(0);
    expect(londonOffsetMinutes(Date.parse("2027-03-28T01:00:00Z"))).toBe(60);
    expect(londonOffsetMinutes(Date.parse("2027-10-31T00:59:00Z"))).toBe(60);
    expect(londonOffsetMinutes(Date.parse("2027-10-31T01:00:00Z"))).toBe(0);
  });

  test("wall time to instant: the March gap names nothing, the October overlap its first instant", () => {
    expect(londonIso(londonInstant("2027-03-28", 9 * 60)!)).toBe("2027-03-28T09:00:00+01:00");
    expect(londonInstant("2027-03-28", 60 + 30)).toBeNull();
    expect(new Date(londonInstant("2027-10-31", 60 + 30)!).toISOString()).toBe("2027-10-31T00:30:00.000Z");
    expect(londonIso(londonInstant("2027-10-31", 9 * 60)!)).toBe("2027-10-31T09:00:00+00:00");
    expect(londonDate(Date.parse("2027-06-30T23:30:00Z"))).toBe("2027-07-01");
  });

  test("instants are read only with an offset", () => {
    expect(parseInstant("2027-03-28T09:00:00+01:00")).toBe(Date.parse("2027-03-28T08:00:00Z"));
    expect(parseInstant("2027-03-28T09:00:00")).toBeNull();
    expect(parseInstant(42)).toBeNull();
  });
});

describe("free slots", () => {
  const availability: VisitAvailability = {
    weekdays: ["monday"],
    firstStart: "09:00",
    lastStart: "12:00",
    visitMinutes: 60,
    gapMinutes: 30,
    daysAhead: 7,
    noticeHours: 24,
  };
  const now = Date.parse("2027-03-26T12:00:00Z"); // a Friday
  const at = (iso: string) => Date.parse(iso);

  test("the weekday's starts, one visit and its gap apart, in BST after the change", () => {
    expect(freeSlots(availability, now, [], []).map((s) => londonIso(s.start))).toEqual([
      "2027-03-29T09:00:00+01:00",
      "2027-03-29T10:30:00+01:00",
      "2027-03-29T12:00:00+01:00",
    ]);
  });

  test("a block or a booked visit's gap takes a slot away; notice keeps near ones out", () => {
    const block = { start: at("2027-03-29T08:00:00Z"), end: at("2027-03-29T08:30:00Z") };
    expect(freeSlots(availability, now, [block], []).map((s) => londonIso(s.start))).toEqual([
      "2027-03-29T10:30:00+01:00",
      "2027-03-29T12:00:00+01:00",
    ]);
    // A visit at 12:00 BST keeps 12:00–13:30 busy; the 10:30 slot's own gap would reach 12:00: still free.
    const busy = { start: at("2027-03-29T11:00:00Z"), end: at("2027-03-29T12:30:00Z") };
    expect(freeSlots(availability, now, [], [busy])).toHaveLength(2);
    const earlier = { start: at("2027-03-29T10:45:00Z"), end: at("2027-03-29T12:15:00Z") };
    expect(freeSlots(availability, now, [], [earlier]).map((s) => londonIso(s.start))).toEqual([
      "2027-03-29T09:00:00+01:00",
    ]);
    expect(freeSlots(availability, at("2027-03-28T12:00:00Z"), [], [])).toHaveLength(0);
  });
});
