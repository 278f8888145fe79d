/**
 * What needs the owner (docs/reviews.md): the list the morning digest e-mails and the lead desk
 * shows at its top, as GET /api/admin/follow-ups returns it.
 * Shipped to the browser: keep it free of Node APIs, astro:* and React.
 */
import { NEW_LEAD_DUE_HOURS, QUOTE_DECISION_DAYS } from "./rules.ts";

export interface FollowUpItem {
  /** The lead's id: the desk opens it, the e-mail links to it. */
  id: string;
  reference: string | null;
  name: string;
  /** The service's label. */
  service: string;
  /** Since when it has waited: received, quoted, or when the e-mail failed (ISO). */
  since: string;
  /** Which e-mails failed and why. */
  detail?: string;
}

export interface FollowUpGroup {
  /** Every item due; `items` holds at most FOLLOW_UP_ITEMS_SHOWN of them. */
  total: number;
  items: FollowUpItem[];
}

export interface FollowUps {
  newLeads: FollowUpGroup;
  openQuotes: FollowUpGroup;
  failedEmails: FollowUpGroup;
  /** Invoices unpaid past their due date (docs/payments.md). */
  overdueInvoices: FollowUpGroup;
}

/** Items listed per group; the rest are counted ("and 12 more"). */
export const FOLLOW_UP_ITEMS_SHOWN = 20;

export const FOLLOW_UP_GROUPS = [
  {
    key: "newLeads",
    heading: `New leads not contacted after ${NEW_LEAD_DUE_HOURS} hours`,
    since: "Received",
  },
  {
    key: "openQuotes",
    heading: `Quotes with no decision after ${QUOTE_DECISION_DAYS} days`,
    since: "Quoted",
  },
  { key: "failedEmails", heading: "E-mails that failed", since: "Failed" },
  { key: "overdueInvoices", heading: "Invoices overdue", since: "Due" },
] as const satisfies readonly { key: keyof FollowUps; heading: string; since: string }[];

export const followUpCount = (followUps: FollowUps) =>
  followUps.newLeads.total +
  followUps.openQuotes.total +
  followUps.failedEmails.total +
  followUps.overdueInvoices.total;
