/**
 * Days in UK time for the written quotes and payments, as a person reads them: a quote is valid to
 * the end of its 30th day, and the cancellation period lasts to the end of the 14th day after
 * acceptance, whatever the clocks do in between. The clock itself is `../visits/london-time.ts`.
 * Browser-safe.
 */
import {
  addDays,
  formatVisitDay,
  isCalendarDate,
  londonDate,
  londonInstant,
  ukFormat,
  HOURS_AND_MINUTES,
} from "../visits/london-time.ts";

/** The instant UK midnight begins a date (`yyyy-mm-dd`): midnight always exists in the UK. */
const ukMidnight = (date: string) => londonInstant(date, 0)!;

/** The UK date of an instant as YYYY-MM-DD, under the name the lead desk's payments panel imports. */
export const ukDate: (ms: number) => string = londonDate;

/**
 * The last millisecond of the `days`-th UK day after the UK day of `ms`: 14 days after an
 * acceptance on 1 March at 10:00 ends at 23:59:59.999 UK time on 15 March.
 */
export function endOfUkDayAfter(ms: number, days: number): number {
  return ukMidnight(addDays(londonDate(ms), days + 1)) - 1;
}

const DATE = { day: "numeric", month: "long", year: "numeric" } as const;
const DATE_FORMAT = ukFormat(DATE);
const DATE_TIME_FORMAT = ukFormat({ ...DATE, ...HOURS_AND_MINUTES });

/** "Friday 11 December 2026": a UK date as a person reads it. */
export const formatUkDay = (ms: number): string => `${formatVisitDay(ms)} ${londonDate(ms).slice(0, 4)}`;

/** "11 December 2026" */
export const formatUkDate = (ms: number): string => DATE_FORMAT.format(new Date(ms));

/**
 * "12 March 2036": a UK date kept as YYYY-MM-DD (an invoice's due date, a guarantee's end) as a
 * person reads it, that calendar day whatever the time zone of the machine or the clocks.
 */
export function formatIsoDay(date: string): string {
  if (!isCalendarDate(date)) throw new RangeError(`${date} is not a date (YYYY-MM-DD)`);
  return formatUkDate(ukMidnight(date));
}

/** "11 December 2026, 14:05" (UK time) */
export const formatUkDateTime = (ms: number): string => DATE_TIME_FORMAT.format(new Date(ms));
