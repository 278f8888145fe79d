/**
 * The owner's lead desk (the HTTP contract's lead endpoints; docs/database.md): the paged,
 * filtered and searchable list, one lead with its ETag, status and note changes without lost
 * updates, erasure, the CSV export (streamed) and the leads-per-week chart. Each is a query of the
 * `leads` table whose cost follows the page, not the number of leads (indexes in the migrations).
 */
import {
  LEAD_CHART_WEEKS,
  LEAD_MAX_NOTES,
  weekStart,
  type LeadFilters,
  type LeadStats,
} from "../../../src/lib/lead-model.ts";
import { serviceLabel } from "../../../src/lib/service-options.ts";
import { NOT_QUOTED_MESSAGE, isQuotedStatus } from "../../../src/lib/price-guide/calibration.ts";
import { database } from "../database/database.ts";
import { HttpError } from "../http/http-error.ts";
import { isUuid } from "../http/uuid.ts";
import { LEAD_COLUMNS, readQuote, recordsOf, updateQuote, type QuoteRecord } from "../quote/quote-store.ts";
import { toAdminQuote, type AdminQuoteBody } from "./admin-quote.ts";
import { eraseQuote } from "./erase-quote.ts";
import { withStatus } from "../follow-up/status-change.ts";
import { encodeCursor, type Cursor, type LeadChange, type ListQuery } from "./lead-query.ts";
import { CSV_HEADER, csvLine, statusOf } from "./lead-row.ts";
import { CSV_BOM } from "../http/csv.ts";
import { issueCompletionDocuments } from "../payments/payments.ts";
import { containsPattern, searchTerms } from "../quote/lead-search.ts";
import { leadVisit, type LeadVisit } from "../visits/visit-desk.ts";
import { setTradeCustomer } from "./trade-customer.ts";

/** One lead as GET and PATCH answer it: the submission, and its survey visit (docs/visits.md). */
type LeadBody = AdminQuoteBody & { visit: LeadVisit };

/** Leads read per query while the export streams. */
const EXPORT_BATCH = 500;

const notFound = () => new HttpError(404, "Submission not found");

// ---------------------------------------------------------------------------------------------
// Filters as SQL

/** A WHERE clause and its values for the filters (and a position after `cursor`, newest first). */
export function whereOf(filters: LeadFilters, cursor?: Cursor): { sql: string; values: unknown[] } {
  const conditions: string[] = [];
  const values: unknown[] = [];
  const add = (condition: (placeholder: string) => string, value: unknown) => {
    values.push(value);
    conditions.push(condition(`$${values.length}`));
  };
  if (filters.status) add((p) => `status = ${p}`, filters.status);
  if (filters.service) add((p) => `service = ${p}`, filters.service);
  for (const term of filters.q ? searchTerms(filters.q) : [])
    add((p) => `search_text LIKE ${p}`, containsPattern(term));
  if (cursor) {
    values.push(cursor.createdAt, cursor.id);
    conditions.push(`(created_at, id) < ($${values.length - 1}::timestamptz, $${values.length}::uuid)`);
  }
  return { sql: conditions.length ? `WHERE ${conditions.join(" AND ")}` : "", values };
}

function checkCursor(cursor: Cursor | undefined): void {
  if (cursor && (!isUuid(cursor.id) || Number.isNaN(Date.parse(cursor.createdAt))))
    throw new HttpError(400, "Invalid cursor");
}

/** Up to `limit` records matching the filters after `cursor`, newest first. */
async function leadsAfter(
  filters: LeadFilters,
  cursor: Cursor | undefined,
  limit: number,
): Promise<QuoteRecord[]> {
  const where = whereOf(filters, cursor);
  const { rows } = await database().query<Parameters<typeof recordsOf>[0][number]>(
    `SELECT ${LEAD_COLUMNS} FROM leads ${where.sql} ORDER BY created_at DESC, id DESC LIMIT ${Number(limit)}`,
    where.values,
  );
  return recordsOf(rows);
}

// ---------------------------------------------------------------------------------------------
// The list

export interface LeadPage {
  quotes: AdminQuoteBody[];
  /** Every match, all pages. */
  total: number;
  nextCursor: string | null;
}

/** One page of the list, newest first, and the number of matches on every page. */
export async function listLeads(query: ListQuery): Promise<LeadPage> {
  checkCursor(query.cursor);
  const where = whereOf(query);
  const [records, count] = await Promise.all([
    leadsAfter(query, query.cursor, query.limit + 1),
    database().query<{ total: string }>(`SELECT count(*) AS total FROM leads ${where.sql}`, where.values),
  ]);
  const shown = records.slice(0, query.limit);
  const last = shown[shown.length - 1];
  return {
    quotes: shown.map(toAdminQuote),
    total: Number(count.rows[0]?.total ?? 0),
    nextCursor: records.length > query.limit && last ? encodeCursor(last) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// One lead: read, change, erase

/** The HTTP ETag of a lead: its row version, raised by every change of the lead. */
export function leadEtag(record: Pick<QuoteRecord, "revision">): string {
  return `"${record.revision ?? 1}"`;
}

/** True when an If-Match header (absent = no condition) still names the lead's current ETag. */
function ifMatchHolds(header: string | null, etag: string): boolean {
  if (header === null) return true;
  return header
    .split(",")
    .map((part) => part.trim().replace(/^W\//, ""))
    .some((part) => part === "*" || part === etag);
}

export async function getQuote(id: string): Promise<{ quote: LeadBody; etag: string }> {
  if (!isUuid(id)) throw notFound();
  const record = await readQuote(id);
  if (!record) throw notFound();
  return { quote: { ...toAdminQuote(record), visit: await leadVisit(id) }, etag: leadEtag(record) };
}

/**
 * Applies a status change and/or a dated note under the lead's row lock, so a change by anything
 * else at the same moment (another device, the e-mail sender) is never overwritten. What the status
 * triggers (the review request) is written in the same transaction. `ifMatch` is the caller's
 * If-Match header: 412 when the lead changed since the caller read it.
 */
export async function changeQuote(
  id: string,
  change: LeadChange,
  ifMatch: string | null,
  now = Date.now(),
  session?: string,
): Promise<{ quote: LeadBody; etag: string; mailIds: string[] }> {
  if (!isUuid(id)) throw notFound();
  // The e-mails a completion queues (its invoice and guarantee), for the handler to send at once.
  const mailIds: string[] = [];
  const record = await updateQuote(
    id,
    async (current, client) => {
      if (!current) throw notFound();
      if (!ifMatchHolds(ifMatch, leadEtag(current))) {
        throw new HttpError(
          412,
          "This lead was changed elsewhere. It has been reloaded; please check and try again.",
          undefined,
          { ETag: leadEtag(current) },
        );
      }
      const status = change.status ?? statusOf(current);
      // Completing a lead whose quote was accepted issues its invoice and guarantee, in this
      // transaction (docs/payments.md, "Completion"); the review request waits for the invoice.
      const issued =
        status === "completed" && statusOf(current) !== "completed"
          ? await issueCompletionDocuments(
              client,
              { id: current.id, service: current.serviceRequired },
              change.propertyAddress,
              now,
              session,
              change.guaranteeYears,
            )
          : null;
      const next: QuoteRecord = withStatus(current, status, now, Boolean(issued && !issued.invoice.paid_on));
      if (change.quotedAmount !== undefined) {
        if (!isQuotedStatus(next.status))
          throw new HttpError(400, "Not quoted yet", { quotedAmount: [NOT_QUOTED_MESSAGE] });
        next.quotedAmount = change.quotedAmount;
        next.quotedAt = new Date(now).toISOString();
      }
      // A trade customer (the reverse charge), only before a quote is sent: 409 after.
      if (change.tradeCustomer !== undefined) {
        const revision = await setTradeCustomer(client, current.id, change.tradeCustomer?.vatNumber ?? null);
        if (revision !== null) next.revision = revision;
      }
      const notes = change.note !== undefined ? [change.note] : [];
      if (issued) {
        notes.push(issued.note);
        mailIds.push(...issued.mailIds);
      }
      if (notes.length) {
        const at = new Date(now).toISOString();
        next.notes = [...(current.notes ?? []), ...notes.map((text) => ({ at, text }))].slice(
          -LEAD_MAX_NOTES,
        );
      }
      return { next, result: next };
    },
    now,
  );
  return { quote: { ...toAdminQuote(record), visit: await leadVisit(id) }, etag: leadEtag(record), mailIds };
}

/**
 * Erases a lead: its rows and tombstone, then its attachments (erase-quote.ts); the activity log
 * names the admin `session` that did it. 404 when unknown.
 */
export async function deleteLead(id: string, session?: string): Promise<void> {
  if (!isUuid(id)) throw notFound();
  const record = await readQuote(id);
  if (!record) throw notFound();
  await eraseQuote(record, "owner", Date.now(), session ? { session } : {});
}

// ---------------------------------------------------------------------------------------------
// Export

/**
 * Every lead matching the filters (all pages), newest first, as CSV with a UTF-8 BOM, read
 * EXPORT_BATCH leads at a time in the list's order, so memory stays flat however many there are.
 */
export async function* csvChunks(filters: LeadFilters): AsyncGenerator<string, void, undefined> {
  yield CSV_BOM + CSV_HEADER;
  let cursor: Cursor | undefined;
  for (;;) {
    const records = await leadsAfter(filters, cursor, EXPORT_BATCH);
    if (records.length) yield records.map(csvLine).join("");
    const last = records[records.length - 1];
    if (!last || records.length < EXPORT_BATCH) return;
    cursor = { createdAt: last.createdAt, id: last.id };
  }
}

// ---------------------------------------------------------------------------------------------
// Chart

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Leads per week for the last LEAD_CHART_WEEKS weeks (this one included), by service or source,
 * counted by the database. Groups are visitor text (a campaign's `utm_source`): they are kept in
 * Maps and objects without a prototype, so a source named `constructor` is just a name.
 */
export async function leadStats(by: "service" | "source", now = Date.now()): Promise<LeadStats> {
  const starts = Array.from({ length: LEAD_CHART_WEEKS }, (_, index) =>
    weekStart(now - (LEAD_CHART_WEEKS - 1 - index) * WEEK_MS),
  );
  const column = by === "service" ? "service" : "source_label";
  const [weekly, totals] = await Promise.all([
    database().query<{ week: string; grp: string; n: string }>(
      `SELECT to_char(date_trunc('week', created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS week, ${column} AS grp,
              count(*) AS n
         FROM leads WHERE created_at >= $1::date AT TIME ZONE 'UTC'
        GROUP BY 1, 2`,
      [starts[0]],
    ),
    database().query<{ total: string; fresh: string }>(
      "SELECT count(*) AS total, count(*) FILTER (WHERE status = 'new') AS fresh FROM leads",
    ),
  ]);
  const byWeek = new Map<string, Map<string, number>>();
  const groupTotals = new Map<string, number>();
  for (const row of weekly.rows) {
    const group = by === "service" ? serviceLabel(row.grp) : row.grp;
    const count = Number(row.n);
    const week = byWeek.get(row.week) ?? new Map<string, number>();
    week.set(group, (week.get(group) ?? 0) + count);
    byWeek.set(row.week, week);
    groupTotals.set(group, (groupTotals.get(group) ?? 0) + count);
  }
  const weeks = starts.map((start) => {
    const counts: Record<string, number> = Object.create(null) as Record<string, number>;
    for (const [group, count] of byWeek.get(start) ?? []) counts[group] = count;
    return { start, counts };
  });
  const groups = [...groupTotals]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([group]) => group);
  return {
    by,
    weeks,
    groups,
    newCount: Number(totals.rows[0]?.fresh ?? 0),
    total: Number(totals.rows[0]?.total ?? 0),
  };
}
