/**
 * What needs the owner today (docs/reviews.md): new leads not contacted after 24 hours, quotes with
 * no decision after 7 days, e-mails that failed in the last 7 days. One list for the morning digest
 * and the lead desk ("Waiting for you").
 *
 * Each group is two queries on indexed columns: how many are due, and the FOLLOW_UP_ITEMS_SHOWN
 * shown. Its cost follows the items shown, never the number of leads stored.
 */
import {
  FOLLOW_UP_ITEMS_SHOWN,
  type FollowUpGroup,
  type FollowUpItem,
  type FollowUps,
} from "../../../src/lib/follow-up/follow-ups.ts";
import {
  FAILED_EMAIL_LISTED_MS,
  NEW_LEAD_DUE_MS,
  QUOTE_DECISION_MS,
} from "../../../src/lib/follow-up/rules.ts";
import { NOTIFICATION_LABELS } from "../../../src/lib/notification-status.ts";
import { serviceLabel } from "../../../src/lib/service-options.ts";
import { formatPounds } from "../../../src/lib/proposals/money.ts";
import { formatIsoDay } from "../../../src/lib/proposals/uk-time.ts";
import { londonDate } from "../../../src/lib/visits/london-time.ts";
import { database } from "../database/database.ts";
import { iso } from "../http/iso-time.ts";
import { LEAD_MAIL_KINDS } from "../mail/lead-mail.ts";
import { readQuotes, type QuoteRecord } from "../quote/quote-store.ts";

interface ItemRow {
  id: string;
  reference: string | null;
  first_name: string;
  last_name: string;
  service: string;
  since: Date;
}

function itemOf(row: ItemRow, detail?: string): FollowUpItem {
  return {
    id: row.id,
    reference: row.reference,
    name: `${row.first_name} ${row.last_name}`.trim(),
    service: serviceLabel(row.service),
    since: row.since.toISOString(),
    ...(detail ? { detail } : {}),
  };
}

const ITEM_COLUMNS = "id, reference, first_name, last_name, service";

/** The items of one group and how many there are: `from` and `where` select the leads, `since` orders them. */
async function group(
  since: string,
  from: string,
  where: string,
  values: unknown[],
): Promise<{ rows: ItemRow[]; total: number }> {
  const [items, count] = await Promise.all([
    database().query<ItemRow>(
      `SELECT ${ITEM_COLUMNS}, ${since} AS since FROM ${from} WHERE ${where}
        ORDER BY ${since} DESC, id DESC LIMIT ${FOLLOW_UP_ITEMS_SHOWN}`,
      values,
    ),
    database().query<{ n: string }>(`SELECT count(*) AS n FROM ${from} WHERE ${where}`, values),
  ]);
  return { rows: items.rows, total: Number(count.rows[0]?.n ?? 0) };
}

/** `new` leads 24 hours old or more, newest first (the freshest is the likeliest to become work). */
async function newLeads(now: number): Promise<FollowUpGroup> {
  const { rows, total } = await group("created_at", "leads", "status = 'new' AND created_at <= $1", [
    iso(now - NEW_LEAD_DUE_MS),
  ]);
  return { total, items: rows.map((row) => itemOf(row)) };
}

/** `quoted` leads quoted 7 days ago or more, the most recently quoted first. */
async function openQuotes(now: number): Promise<FollowUpGroup> {
  // Leads quoted before status changes were dated count from when they arrived.
  const { rows, total } = await group(
    "coalesce(status_changed_at, created_at)",
    "leads",
    "status = 'quoted' AND coalesce(status_changed_at, created_at) <= $1",
    [iso(now - QUOTE_DECISION_MS)],
  );
  return { total, items: rows.map((row) => itemOf(row)) };
}

function failureDetail(record: QuoteRecord): string {
  return (record.notifications ?? [])
    .filter((n) => n.status === "failed")
    .map((n) => `${NOTIFICATION_LABELS[n.kind]}: ${n.error ?? "unknown reason"}`)
    .join("; ");
}

/** Leads with an e-mail that failed in the last FAILED_EMAIL_LISTED_DAYS, the latest failure first. */
async function failedEmails(now: number): Promise<FollowUpGroup> {
  const { rows, total } = await group(
    "failed.at",
    `leads JOIN (SELECT lead_id, max(failed_at) AS at FROM mail_jobs
                  WHERE status = 'failed' AND kind = ANY($2::text[]) GROUP BY lead_id)
       AS failed ON failed.lead_id = leads.id`,
    "failed.at > $1",
    [iso(now - FAILED_EMAIL_LISTED_MS), LEAD_MAIL_KINDS],
  );
  const records = new Map((await readQuotes(rows.map((row) => row.id))).map((record) => [record.id, record]));
  return {
    total,
    items: rows.map((row) => {
      const record = records.get(row.id);
      return itemOf(row, record ? failureDetail(record) : undefined);
    }),
  };
}

/**
 * Leads with an unpaid invoice past its due date (docs/payments.md), the longest overdue first
 * down to the most recent: each with the invoice's number, what is still owed and the due date.
 */
async function overdueInvoices(now: number): Promise<FollowUpGroup> {
  const { rows, total } = await group(
    "owed.due",
    `leads JOIN (SELECT p.lead_id, (min(i.due_on)::timestamp AT TIME ZONE 'Europe/London') AS due
                   FROM invoices i JOIN proposals p ON p.id = i.proposal_id
                  WHERE i.paid_on IS NULL AND i.due_on < $1::date GROUP BY p.lead_id)
       AS owed ON owed.lead_id = leads.id`,
    "true",
    [londonDate(now)],
  );
  const { rows: owed } = await database().query<{
    lead_id: string;
    number: string;
    owed: number;
    due_on: string;
  }>(
    `SELECT p.lead_id, i.number, i.due_on::text AS due_on,
            (i.total - COALESCE((SELECT sum(amount) FROM payments
                                  WHERE invoice_number = i.number
                                    AND NOT EXISTS (SELECT 1 FROM payment_voids v WHERE v.payment_id = payments.id)),
                                0))::int AS owed
       FROM invoices i JOIN proposals p ON p.id = i.proposal_id
      WHERE i.paid_on IS NULL AND p.lead_id = ANY($1::uuid[]) ORDER BY i.sequence`,
    [rows.map((row) => row.id)],
  );
  return {
    total,
    items: rows.map((row) =>
      itemOf(
        row,
        owed
          .filter((invoice) => invoice.lead_id === row.id)
          .map(
            (invoice) =>
              `${invoice.number}: ${formatPounds(invoice.owed)} due ${formatIsoDay(invoice.due_on)}`,
          )
          .join("; "),
      ),
    ),
  };
}

export async function dueFollowUps(now = Date.now()): Promise<FollowUps> {
  const [leads, quotes, failures, invoices] = await Promise.all([
    newLeads(now),
    openQuotes(now),
    failedEmails(now),
    overdueInvoices(now),
  ]);
  return { newLeads: leads, openQuotes: quotes, failedEmails: failures, overdueInvoices: invoices };
}
