/**
 * Days in UK time (Europe/London) for the written quotes: a quote is valid to the end of its 30th
 * day, and the cancellation period lasts to the end of the 14th day after acceptance, whatever the
 * clocks do in between. Browser-safe.
 */
export const UK_TIME_ZONE = "Europe/London";

const DAY_MS = 24 * 60 * 60 * 1000;

const PARTS = new Intl.DateTimeFormat("en-GB", {
  timeZone: UK_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** The UK calendar date and wall time of an instant. */
function ukParts(ms: number) {
  const parts = Object.fromEntries(PARTS.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** How far UK wall time is ahead of UTC at an instant (0 or one hour), in ms. */
function ukOffset(ms: number): number {
  const p = ukParts(ms);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The instant UK midnight begins the date (year, month 1–12, day; day may overflow the month). */
function ukMidnight(year: number, month: number, day: number): number {
  const guess = Date.UTC(year, month - 1, day);
  const first = guess - ukOffset(guess);
  return guess - ukOffset(first);
}

/** The UK date of an instant as YYYY-MM-DD. */
export function ukDate(ms: number): string {
  const p = ukParts(ms);
  return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}

/**
 * The last millisecond of the `days`-th UK day after the UK day of `ms`: 14 days after an
 * acceptance on 1 March at 10:00 ends at 23:59:59.999 UK time on 15 March.
 */
export function endOfUkDayAfter(ms: number, days: number): number {
  const p = ukParts(ms);
  return ukMidnight(p.year, p.month, p.day + days + 1) - 1;
}

/** "Friday 11 December 2026": a UK date as a person reads it. */
export function formatUkDay(ms: number): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: UK_TIME_ZONE,
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
  })
    .format(new Date(ms))
    .replace(",", "");
}

/** "11 December 2026" */
export function formatUkDate(ms: number): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: UK_TIME_ZONE,
    day: "numeric",
    month: "long",
    year: "numeric",
  }).format(new Date(ms));
}

/**
 * "12 March 2036": a UK date kept as YYYY-MM-DD (an invoice's due date, a guarantee's end) as a
 * person reads it, that calendar day whatever the time zone of the machine or the clocks.
 */
export function formatIsoDay(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const start = match ? ukMidnight(Number(match[1]), Number(match[2]), Number(match[3])) : NaN;
  if (!match || ukDate(start) !== date) throw new RangeError(`${date} is not a date (YYYY-MM-DD)`);
  return formatUkDate(start);
}

/** "11 December 2026, 14:05" (UK time) */
export function formatUkDateTime(ms: number): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: UK_TIME_ZONE,
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(new Date(ms));
}

export { DAY_MS };
