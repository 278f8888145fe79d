/**
 * What needs the owner today (docs/reviews.md): new leads not contacted after 24 hours, quotes with
 * no decision after 7 days, e-mails that failed. One list for the morning digest and the lead desk.
 *
 * Cost follows the leads that can be due, never the whole store: the leads come from the lead
 * desk's list filtered by status (`new`, then `quoted`), newest first, and only the page's records
 * are read. New leads stop being read once FOLLOW_UP_ITEMS_SHOWN overdue ones are in hand (every
 * older one is overdue too, so the rest is counted from the list's total); open quotes are all
 * read, since the time a lead was quoted is in its record, not in the list's order. Failed e-mails
 * come from their own small list (follow-up-store.ts), not from the leads.
 */
import {
  FOLLOW_UP_ITEMS_SHOWN,
  type FollowUpGroup,
  type FollowUpItem,
  type FollowUps,
} from "../../../src/lib/follow-up/follow-ups.ts";
import { isFailureListed, isNewLeadOverdue, isQuoteOverdue } from "../../../src/lib/follow-up/rules.ts";
import { NOTIFICATION_LABELS } from "../../../src/lib/notification-status.ts";
import type { LeadStatus } from "../../../src/lib/lead-model.ts";
import { serviceLabel } from "../../../src/lib/service-options.ts";
import type { AdminQuoteBody } from "../desk/admin-quote.ts";
import { listLeads } from "../desk/lead-desk.ts";
import { LeadListQuery } from "../desk/lead-query.ts";
import { readQuote, type QuoteRecord } from "../quote/quote-store.ts";
import { clearFailedMail, listFailedMail } from "./follow-up-store.ts";

/** Leads read per page of the list (its maximum). */
const PAGE_SIZE = 200;

type Lead = Pick<
  AdminQuoteBody,
  "id" | "reference" | "firstName" | "lastName" | "serviceRequired" | "createdAt"
>;

function itemOf(lead: Lead, since: string, detail?: string): FollowUpItem {
  return {
    id: lead.id,
    reference: lead.reference ?? null,
    name: `${lead.firstName} ${lead.lastName}`.trim(),
    service: serviceLabel(lead.serviceRequired),
    since,
    ...(detail ? { detail } : {}),
  };
}

/** Every page of the lead desk's list for one status, newest first. */
async function* leadsWithStatus(
  status: LeadStatus,
): AsyncGenerator<{ leads: AdminQuoteBody[]; total: number }> {
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams({ status, limit: String(PAGE_SIZE) });
    if (cursor) params.set("cursor", cursor);
    const page = await listLeads(LeadListQuery.parse(Object.fromEntries(params)));
    yield { leads: page.quotes, total: page.total };
    cursor = page.nextCursor;
  } while (cursor);
}

/** `new` leads 24 hours old or more, newest first (the freshest is the likeliest to become work). */
async function newLeads(now: number): Promise<FollowUpGroup> {
  const items: FollowUpItem[] = [];
  let total = 0;
  let recent = 0;
  for await (const page of leadsWithStatus("new")) {
    total = page.total;
    for (const lead of page.leads) {
      if (!isNewLeadOverdue(lead.createdAt, now)) recent++;
      else if (items.length < FOLLOW_UP_ITEMS_SHOWN) items.push(itemOf(lead, lead.createdAt));
    }
    // Everything after this page is older still, so overdue: counted, not read.
    if (items.length >= FOLLOW_UP_ITEMS_SHOWN) break;
  }
  return { total: Math.max(0, total - recent), items };
}

/** `quoted` leads quoted 7 days ago or more, the most recently quoted first. */
async function openQuotes(now: number): Promise<FollowUpGroup> {
  const due: FollowUpItem[] = [];
  for await (const page of leadsWithStatus("quoted")) {
    for (const lead of page.leads) {
      // Leads quoted before status changes were dated count from when they arrived.
      const quotedAt = lead.statusChangedAt ?? lead.createdAt;
      if (isQuoteOverdue(quotedAt, now)) due.push(itemOf(lead, quotedAt));
    }
  }
  due.sort((a, b) => (a.since < b.since ? 1 : a.since > b.since ? -1 : 0));
  return { total: due.length, items: due.slice(0, FOLLOW_UP_ITEMS_SHOWN) };
}

function failureDetail(record: QuoteRecord): string | null {
  const failed = (record.notifications ?? []).filter((n) => n.status === "failed");
  if (!failed.length) return null;
  return failed.map((n) => `${NOTIFICATION_LABELS[n.kind]}: ${n.error ?? "unknown reason"}`).join("; ");
}

/** Leads whose e-mails failed in the last FAILED_EMAIL_LISTED_DAYS, the latest failure first. */
async function failedEmails(now: number): Promise<FollowUpGroup> {
  const due: FollowUpItem[] = [];
  for (const { id, failedAt } of await listFailedMail()) {
    const record = isFailureListed(failedAt, now) ? await readQuote(id) : null;
    const detail = record ? failureDetail(record) : null;
    // Gone, retried since, or listed long enough: off the list.
    if (!record || !detail) {
      await clearFailedMail(id);
      continue;
    }
    due.push(itemOf({ ...record, reference: record.reference ?? null }, failedAt, detail));
  }
  due.sort((a, b) => (a.since < b.since ? 1 : a.since > b.since ? -1 : 0));
  return { total: due.length, items: due.slice(0, FOLLOW_UP_ITEMS_SHOWN) };
}

export async function dueFollowUps(now = Date.now()): Promise<FollowUps> {
  const [leads, quotes, failures] = await Promise.all([newLeads(now), openQuotes(now), failedEmails(now)]);
  return { newLeads: leads, openQuotes: quotes, failedEmails: failures };
}
