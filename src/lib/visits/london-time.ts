/**
 * The site's one reckoning of UK time (Europe/London): the wall clock and calendar date of an
 * instant, the instant a wall time names, whole-day arithmetic on `yyyy-mm-dd` dates, and the
 * day and time formats the visits use. No time-zone library: the offset of an instant comes from
 * Intl, and a wall time is turned into an instant by trying the offsets either side of it. Visits
 * start at daytime hours, so the hour that does not exist in March and the hour that happens twice
 * in October only matter at their edges: a wall time in the March gap names no instant (null), one
 * in the October overlap its first.
 *
 * Shipped to the browser (the visit page groups slots by day): no Node APIs, astro:* or React.
 */

export const UK_TIME_ZONE = "Europe/London";

const MINUTE_MS = 60_000;
export const DAY_MS = 24 * 60 * MINUTE_MS;

/** What the site asks of a date formatter. */
export type UkFormat = Pick<Intl.DateTimeFormat, "format" | "formatToParts">;

/**
 * An en-GB formatter of instants as the UK's clocks and calendar show them, made on its first use:
 * each Intl formatter costs about 20 ms to make, and a function that formats no date should not pay
 * for the formats declared in the modules it imports (docs/functions.md).
 */
export function ukFormat(options: Intl.DateTimeFormatOptions): UkFormat {
  let made: Intl.DateTimeFormat | undefined;
  const format = () => (made ??= new Intl.DateTimeFormat("en-GB", { timeZone: UK_TIME_ZONE, ...options }));
  return {
    format: (date) => format().format(date),
    formatToParts: (date) => format().formatToParts(date),
  };
}

/** "14:05": hours and minutes on the 24-hour clock. */
export const HOURS_AND_MINUTES = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" } as const;

const PARTS = ukFormat({
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  ...HOURS_AND_MINUTES,
  second: "2-digit",
});

interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallOf(instant: number): Wall {
  const values: Record<string, number> = {};
  for (const part of PARTS.formatToParts(new Date(instant))) {
    if (part.type !== "literal") values[part.type] = Number(part.value);
  }
  return {
    year: values.year!,
    month: values.month!,
    day: values.day!,
    hour: values.hour!,
    minute: values.minute!,
    second: values.second!,
  };
}

/** Minutes London is ahead of UTC at `instant`: 0 in winter (GMT), 60 in summer (BST). */
export function londonOffsetMinutes(instant: number): number {
  const wall = wallOf(instant);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / MINUTE_MS);
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date `yyyy-mm-dd` as UTC midnight (for date arithmetic only). */
function dateMs(date: string): number {
  const match = DATE.exec(date);
  if (!match) throw new RangeError(`Not a date: ${date}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** `yyyy-mm-dd` of a UTC-midnight value. */
const dateText = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Whether `value` is a real calendar date written `yyyy-mm-dd`. */
export function isCalendarDate(value: string): boolean {
  return DATE.test(value) && dateText(dateMs(value)) === value;
}

/** The date `days` after `date` (before, when negative). */
export function addDays(date: string, days: number): string {
  return dateText(dateMs(date) + days * DAY_MS);
}

/** Days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((dateMs(to) - dateMs(from)) / DAY_MS);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: string): number {
  return new Date(dateMs(date)).getUTCDay();
}

/** The London date of an instant, `yyyy-mm-dd`. */
export function londonDate(instant: number): string {
  const wall = wallOf(instant);
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`;
}

/** The London wall time of an instant, `hh:mm`. */
export function londonTime(instant: number): string {
  const wall = wallOf(instant);
  return `${pad(wall.hour)}:${pad(wall.minute)}`;
}

/** Minutes after midnight of `hh:mm`. */
export function minutesOf(time: string): number {
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  return hours * 60 + minutes;
}

/**
 * The instant London's clocks show `minutes` after midnight on `date`; null when that wall time
 * does not exist (the hour skipped when the clocks go forward).
 */
export function londonInstant(date: string, minutes: number): number | null {
  const wall = dateMs(date) + minutes * MINUTE_MS;
  // The instant is the wall time less the offset in force then; try both offsets of that day.
  const candidates = [...new Set([wall - 60 * MINUTE_MS, wall].map((guess) => londonOffsetMinutes(guess)))]
    .map((offset) => wall - offset * MINUTE_MS)
    .filter((instant) => wall - londonOffsetMinutes(instant) * MINUTE_MS === instant)
    .sort((a, b) => a - b);
  return candidates[0] ?? null;
}

/** ISO 8601 with London's offset at that instant: `2027-03-28T10:00:00+01:00`. */
export function londonIso(instant: number): string {
  const offset = londonOffsetMinutes(instant);
  const local = new Date(instant + offset * MINUTE_MS).toISOString().slice(0, 19);
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  return `${local}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** An ISO 8601 date-time with an offset or Z, to its instant; null for anything else. */
export function parseInstant(value: unknown): number | null {
  if (typeof value !== "string") return null;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/.test(value))
    return null;
  const instant = Date.parse(value);
  return Number.isFinite(instant) ? instant : null;
}

const DAY_FORMAT = ukFormat({ weekday: "long", day: "numeric", month: "long" });
const TIME_FORMAT = ukFormat(HOURS_AND_MINUTES);

/** "Monday 29 March", in London: a visit's day, the owner's digest's day. */
export const formatVisitDay = (instant: number) => DAY_FORMAT.format(new Date(instant));
/** "10:00", in London. */
export const formatVisitTime = (instant: number) => TIME_FORMAT.format(new Date(instant));
/** "Monday 29 March, 10:00 to 11:00". */
export const formatVisitWhen = (start: number, end: number) =>
  `${formatVisitDay(start)}, ${formatVisitTime(start)} to ${formatVisitTime(end)}`;
