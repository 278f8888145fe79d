/**
 * How the admin screens write a date: en-GB, in the business's own time zone wherever the owner
 * opens the page.
 *
 * Shipped to the browser: keep it free of Node APIs, astro:* and React.
 */
import { UK_TIME_ZONE } from "../visits/london-time.ts";

const DATE_FORMAT = new Intl.DateTimeFormat("en-GB", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: UK_TIME_ZONE,
});

/** en-GB "dd/mm/yyyy, hh:mm" in UK time; the raw text when it is not a date. */
export function formatQuoteDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE_FORMAT.format(date);
}
