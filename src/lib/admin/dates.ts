/**
 * How the admin screens write a date: en-GB, in the business's own time zone wherever the owner
 * opens the page.
 *
 * Shipped to the browser: keep it free of Node APIs, astro:* and React.
 */
import { HOURS_AND_MINUTES, ukFormat } from "../visits/london-time.ts";

const DATE_FORMAT = ukFormat({ day: "2-digit", month: "2-digit", year: "numeric", ...HOURS_AND_MINUTES });

/** en-GB "dd/mm/yyyy, hh:mm" in UK time; the raw text when it is not a date. */
export function formatQuoteDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE_FORMAT.format(date);
}
