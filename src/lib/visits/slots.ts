/**
 * The start times a customer may book (docs/visits.md): every start the owner's availability allows
 * (content/visits.yaml) on the coming days, at least the least notice ahead, that overlaps neither a
 * block the owner set nor a booked visit with its gap. Pure: the functions give it the time, the
 * blocks and the bookings; the database's exclusion constraint, not this list, is what keeps two
 * bookings apart.
 *
 * Browser-safe: no Node APIs, astro:* or React.
 */
import type { VisitAvailability, Weekday } from "./availability-schema.ts";
import { addDays, londonDate, londonInstant, minutesOf, weekdayOf } from "./london-time.ts";

const MINUTE_MS = 60_000;

/** A stretch of time, `[start, end)` in ms since the epoch. */
export interface Span {
  start: number;
  end: number;
}

export const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;

/** A visit starting at `start`: its own span, and the span it keeps busy (with the gap after it). */
export function visitSpan(availability: VisitAvailability, start: number): { visit: Span; busy: Span } {
  const end = start + availability.visitMinutes * MINUTE_MS;
  return { visit: { start, end }, busy: { start, end: end + availability.gapMinutes * MINUTE_MS } };
}

/** Sunday-first index (Date#getUTCDay) of each weekday name. */
const DAY_INDEX: Readonly<Record<Weekday, number>> = {
  sunday: 0,
  monday: 1,
  tuesday: 2,
  wednesday: 3,
  thursday: 4,
  friday: 5,
  saturday: 6,
};

/**
 * Every start the availability allows from today (London) to `daysAhead` days on, ignoring notice,
 * blocks and bookings: from the earliest start, one visit and its gap apart, up to the latest start.
 */
export function availabilityStarts(availability: VisitAvailability, now: number): number[] {
  const days = new Set(availability.weekdays.map((day) => DAY_INDEX[day]));
  const step = availability.visitMinutes + availability.gapMinutes;
  const first = minutesOf(availability.firstStart);
  const last = minutesOf(availability.lastStart);
  const today = londonDate(now);
  const starts: number[] = [];
  for (let offset = 0; offset <= availability.daysAhead; offset++) {
    const date = addDays(today, offset);
    if (!days.has(weekdayOf(date))) continue;
    for (let minutes = first; minutes <= last; minutes += step) {
      const instant = londonInstant(date, minutes);
      if (instant !== null) starts.push(instant);
    }
  }
  return starts;
}

/**
 * The free slots at `now`: allowed by the availability, at least `noticeHours` ahead, clear of
 * every block and of every booked visit's busy span (`busy`, the visit and its gap), each slot's
 * own busy span included, so a slot never ends inside another visit's travel gap.
 */
export function freeSlots(
  availability: VisitAvailability,
  now: number,
  blocks: readonly Span[],
  busy: readonly Span[],
): Span[] {
  const earliest = now + availability.noticeHours * 60 * MINUTE_MS;
  return availabilityStarts(availability, now)
    .filter((start) => start >= earliest)
    .map((start) => visitSpan(availability, start))
    .filter(
      ({ visit, busy: own }) =>
        !blocks.some((b) => overlaps(b, visit)) && !busy.some((b) => overlaps(b, own)),
    )
    .map(({ visit }) => visit);
}
