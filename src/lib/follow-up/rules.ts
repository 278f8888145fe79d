/**
 * The follow-up rules after a lead arrives (docs/reviews.md): when a new lead, an open quote or a
 * review reminder is due, and when the owner's morning digest goes. Pure functions of the time
 * they are given (`now`, ms since the epoch), so tests cover every edge without waiting.
 *
 * Shipped to the browser (the lead desk shows the same list): keep it free of Node APIs, astro:*
 * and React.
 */
import { londonDate, londonTime, minutesOf } from "../visits/london-time.ts";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** A lead still `new` this long after it arrived is waiting for a call. */
export const NEW_LEAD_DUE_HOURS = 24;
/** A lead still `quoted` this long after the quote went out is waiting for a decision. */
export const QUOTE_DECISION_DAYS = 7;
/** The one reminder of a review request goes this long after the request was sent. */
export const REVIEW_REMINDER_DAYS = 7;
/** A failed e-mail is listed for the owner this long after it failed (then only the lead shows it). */
export const FAILED_EMAIL_LISTED_DAYS = 7;

/** UK hour of the morning digest: 07:00 GMT in winter, 07:00 BST in summer. */
export const DIGEST_HOUR = 7;
/**
 * A digest that could not be sent at 07:00 (mail server down) is tried again at each hourly run up
 * to this local hour; after that the day's digest is given up and the desk still shows the list.
 */
export const DIGEST_LAST_HOUR = 11;

export const NEW_LEAD_DUE_MS = NEW_LEAD_DUE_HOURS * HOUR_MS;
export const QUOTE_DECISION_MS = QUOTE_DECISION_DAYS * DAY_MS;
export const REVIEW_REMINDER_MS = REVIEW_REMINDER_DAYS * DAY_MS;
export const FAILED_EMAIL_LISTED_MS = FAILED_EMAIL_LISTED_DAYS * DAY_MS;

const parsed = (iso: string): number => {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? Number.POSITIVE_INFINITY : time;
};

/** A lead with status `new` that arrived at `createdAt` has waited 24 hours or more. */
export function isNewLeadOverdue(createdAt: string, now: number): boolean {
  return now - parsed(createdAt) >= NEW_LEAD_DUE_MS;
}

/** A lead that became `quoted` at `quotedAt` has had no decision for 7 days or more. */
export function isQuoteOverdue(quotedAt: string, now: number): boolean {
  return now - parsed(quotedAt) >= QUOTE_DECISION_MS;
}

/** When the reminder of a review request sent at `sentAt` is due. */
export function reviewReminderDueAt(sentAt: string): string {
  return new Date(parsed(sentAt) + REVIEW_REMINDER_MS).toISOString();
}

/** A failure recorded at `failedAt` is still listed for the owner. */
export function isFailureListed(failedAt: string, now: number): boolean {
  return now - parsed(failedAt) < FAILED_EMAIL_LISTED_MS;
}

/** The business's local date (yyyy-mm-dd) and time at `now`. */
export function businessClock(now: number): { date: string; hour: number; minute: number } {
  const minutes = minutesOf(londonTime(now));
  return { date: londonDate(now), hour: Math.floor(minutes / 60), minute: minutes % 60 };
}

/**
 * The local date whose morning digest may go at `now`: from 07:00 UK time until the last retry
 * hour ends. Null outside that window. The scheduled function runs every hour on the hour (UTC),
 * so the first run in the window is at 07:00 local time whether the clocks show GMT or BST.
 */
export function digestDay(now: number): string | null {
  const { date, hour } = businessClock(now);
  return hour >= DIGEST_HOUR && hour <= DIGEST_LAST_HOUR ? date : null;
}
