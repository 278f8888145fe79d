/**
 * The owner's lead desk (the HTTP contract's lead endpoints; docs/lead-index.md): the paged,
 * filtered and searchable list, one quote with its ETag, status and note changes without lost
 * updates, erasure, the CSV export (streamed) and the leads-per-week chart. All of it reads the lead
 * index (lead-index.ts) and then only the records of the page it shows.
 */
import { createHash } from "node:crypto";
import {
  LEAD_CHART_WEEKS,
  LEAD_MAX_NOTES,
  weekStart,
  type LeadFilters,
  type LeadStats,
} from "../../../src/lib/lead-model.ts";
import { serviceLabel } from "../../../src/lib/service-options.ts";
import { NOT_QUOTED_MESSAGE, isQuotedStatus } from "../../../src/lib/price-guide/calibration.ts";
import { syncCalibration } from "../price-guide/calibration.ts";
import { HttpError } from "../http/http-error.ts";
import { readQuote, updateQuote, type QuoteRecord } from "../quote/quote-store.ts";
import { isQuoteId, toAdminQuote, type AdminQuoteBody } from "./admin-quote.ts";
import { eraseQuote } from "./erase-quote.ts";
import { withStatus } from "../follow-up/status-change.ts";
import { indexQuote, openView, withView, type IndexView } from "./lead-index.ts";
import { mapLimit } from "./lead-snapshot.ts";
import { readHealth } from "./lead-index-store.ts";
import { encodeCursor, type LeadChange, type ListQuery } from "./lead-query.ts";
import { CSV_BOM, CSV_HEADER, csvLine, orderKey, rowMatcher, statusOf, type LeadRow } from "./lead-row.ts";

const READ_CONCURRENCY = 32;
/** Segments read at once by a search or an export. */
const SEGMENT_CONCURRENCY = 8;

const notFound = () => new HttpError(404, "Submission not found");

// ---------------------------------------------------------------------------------------------
// The list

/** Whether a "status|service" pair passes the filters. */
function pairPasses(pair: string, filters: LeadFilters): boolean {
  const split = pair.indexOf("|");
  return (
    (!filters.status || pair.slice(0, split) === filters.status) &&
    (!filters.service || pair.slice(split + 1) === filters.service)
  );
}

/** False when segment `index` cannot hold a lead for this page (read nothing of it then). */
function segmentMayMatch(
  view: IndexView,
  index: number,
  filters: LeadFilters,
  before: string | null,
): boolean {
  const segment = view.segment(index);
  const changes = view.changesIn(index);
  if (!segment) return changes.length > 0;
  if (before !== null && segment.lo >= before && changes.every((change) => orderKey(change) >= before))
    return false;
  if (changes.length) return true;
  if (!filters.status && !filters.service) return segment.n > 0;
  return view.meta.pairs.some(
    (pair, position) => (segment.c[position] ?? 0) > 0 && pairPasses(pair, filters),
  );
}

const segmentIndices = (view: IndexView) => Array.from({ length: view.segmentCount }, (_, index) => index);

export interface LeadPage {
  quotes: AdminQuoteBody[];
  /** Every match, all pages. */
  total: number;
  nextCursor: string | null;
  /** The index has many changes to fold: the caller should start a compaction after answering. */
  compact: boolean;
}

/**
 * One page of the list, newest first. Without a search the count comes from the index's counts and
 * only the segments that hold the page are read; a search reads the index's rows (not the records).
 * Then only the page's records are read.
 */
export async function listLeads(query: ListQuery): Promise<LeadPage> {
  return withView(async (view) => {
    const match = rowMatcher(query);
    const before = query.cursor ? orderKey(query.cursor) : null;
    const page: LeadRow[] = [];
    let total = 0;
    const take = (row: LeadRow) => {
      if (before !== null && orderKey(row) >= before) return;
      if (page.length <= query.limit) page.push(row);
    };
    if (query.q) {
      const segments = await mapLimit(segmentIndices(view), SEGMENT_CONCURRENCY, (index) => view.rows(index));
      for (const rows of segments) {
        for (const row of rows) {
          if (!match(row)) continue;
          total++;
          take(row);
        }
      }
    } else {
      for (const [pair, count] of await view.pairCounts()) if (pairPasses(pair, query)) total += count;
      for (let index = 0; index < view.segmentCount && page.length <= query.limit; index++) {
        if (!segmentMayMatch(view, index, query, before)) continue;
        for (const row of await view.rows(index)) if (match(row)) take(row);
      }
    }
    const shown = page.slice(0, query.limit);
    const records = await mapLimit(shown, READ_CONCURRENCY, (row) => readQuote(row.id));
    const last = shown[shown.length - 1];
    return {
      quotes: records.filter((record): record is QuoteRecord => record !== null).map(toAdminQuote),
      total,
      nextCursor: page.length > query.limit && last ? encodeCursor(last) : null,
      compact: view.needsCompaction(),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// One quote: read, change, erase

/** The HTTP ETag of a lead: it changes whenever the owner's fields (status, notes) change. */
export function leadEtag(record: QuoteRecord): string {
  const state = JSON.stringify([
    statusOf(record),
    record.notes ?? [],
    // Only when set, so the ETags of leads without an amount stay as they were.
    ...(record.quotedAmount === undefined ? [] : [record.quotedAmount]),
  ]);
  return `"${createHash("sha256").update(state).digest("base64url").slice(0, 22)}"`;
}

/** True when an If-Match header (absent = no condition) still names the lead's current ETag. */
function ifMatchHolds(header: string | null, etag: string): boolean {
  if (header === null) return true;
  return header
    .split(",")
    .map((part) => part.trim().replace(/^W\//, ""))
    .some((part) => part === "*" || part === etag);
}

export async function getQuote(id: string): Promise<{ quote: AdminQuoteBody; etag: string }> {
  if (!isQuoteId(id)) throw notFound();
  const record = await readQuote(id);
  if (!record) throw notFound();
  return { quote: toAdminQuote(record), etag: leadEtag(record) };
}

/**
 * Applies a status change and/or a dated note through the one conditional update, so a change by
 * anything else at the same moment (another device, the e-mail sender) is never overwritten.
 * `ifMatch` is the caller's If-Match header: 412 when the lead changed since the caller read it.
 * Then the lead's index entry is written; if that fails the change is kept and the caller is told
 * to send it again (which writes the entry).
 */
export async function changeQuote(
  id: string,
  change: LeadChange,
  ifMatch: string | null,
  now = Date.now(),
): Promise<{ quote: AdminQuoteBody; etag: string }> {
  if (!isQuoteId(id)) throw notFound();
  const record = await updateQuote(
    id,
    (current) => {
      if (!current) throw notFound();
      if (!ifMatchHolds(ifMatch, leadEtag(current))) {
        throw new HttpError(
          412,
          "This lead was changed elsewhere. It has been reloaded; please check and try again.",
          undefined,
          { ETag: leadEtag(current) },
        );
      }
      const next: QuoteRecord = {
        ...withStatus(current, change.status ?? statusOf(current), now),
        revision: (current.revision ?? 0) + 1,
      };
      if (change.quotedAmount !== undefined) {
        if (!isQuotedStatus(next.status))
          throw new HttpError(400, "Not quoted yet", { quotedAmount: [NOT_QUOTED_MESSAGE] });
        next.quotedAmount = change.quotedAmount;
        next.quotedAt = new Date(now).toISOString();
      }
      if (change.note !== undefined) {
        next.notes = [...(current.notes ?? []), { at: new Date(now).toISOString(), text: change.note }].slice(
          -LEAD_MAX_NOTES,
        );
      }
      return { next, result: next };
    },
    "The lead kept changing; please try again.",
  );
  // The price guide's calibration follows the lead; a failure there never fails the change.
  if (record.estimate && (change.status !== undefined || change.quotedAmount !== undefined)) {
    await syncCalibration(record, now).catch((error: unknown) =>
      console.error("lead desk: calibration update failed", error instanceof Error ? error.message : ""),
    );
  }
  try {
    await indexQuote(record);
  } catch (error) {
    console.error(`lead ${id}: index entry not written`, error instanceof Error ? error.message : "");
    throw new HttpError(
      503,
      "The change is saved, but the lead list could not be updated. Please try again.",
      undefined,
      {
        "Retry-After": "5",
      },
    );
  }
  return { quote: toAdminQuote(record), etag: leadEtag(record) };
}

/** Erases a lead: index entry, attachments, record and the rest (erase-quote.ts). 404 when unknown. */
export async function deleteLead(id: string): Promise<void> {
  if (!isQuoteId(id)) throw notFound();
  const record = await readQuote(id);
  if (!record) throw notFound();
  await eraseQuote(record, "owner");
}

// ---------------------------------------------------------------------------------------------
// Export

/**
 * Every lead matching the filters (all pages), newest first, as CSV with a UTF-8 BOM, a segment of
 * the index at a time: the index keeps each lead's CSV line, so the records are read only for the
 * few lines not made yet.
 */
export async function* csvChunks(filters: LeadFilters): AsyncGenerator<string, void, undefined> {
  const view = await openView();
  yield CSV_BOM + CSV_HEADER;
  const match = rowMatcher(filters);
  const indices = segmentIndices(view).filter(
    (index) => filters.q !== undefined || segmentMayMatch(view, index, filters, null),
  );
  const load = (index: number) => {
    const loaded = Promise.all([view.rows(index), view.csvLines(index)]);
    loaded.catch(() => undefined);
    return loaded;
  };
  const ahead = indices.slice(0, SEGMENT_CONCURRENCY).map(load);
  for (let position = 0; position < indices.length; position++) {
    const [rows, lines] = await ahead[position]!;
    const next = indices[position + SEGMENT_CONCURRENCY];
    if (next !== undefined) ahead.push(load(next));
    const chosen = rows.filter(match);
    const missing = chosen.filter((row) => !lines.get(row.id));
    const records = await mapLimit(missing, READ_CONCURRENCY, (row) => readQuote(row.id));
    missing.forEach((row, at) => {
      const record = records[at];
      lines.set(row.id, record ? csvLine(record) : "");
    });
    const chunk = chosen.map((row) => lines.get(row.id) ?? "").join("");
    if (chunk) yield chunk;
  }
}

// ---------------------------------------------------------------------------------------------
// Chart

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** A repair of the index is shown in the desk this long. */
const REPAIR_NOTICE_MS = 7 * 24 * 60 * 60 * 1000;

export interface IndexRepair {
  at: string;
  /** Stored leads the list had lost sight of, added back. */
  added: number;
  /** Rows of leads no longer stored, taken out. */
  removed: number;
}

export interface IndexHealth {
  repairs: IndexRepair[];
}

/** Leads per week for the last LEAD_CHART_WEEKS weeks (this one included), by service or source. */
export async function leadStats(by: "service" | "source", now = Date.now()): Promise<LeadStats> {
  const [stats, health] = await Promise.all([
    withView(async (view) => {
      const [pairs, weekCounts] = await Promise.all([view.pairCounts(), view.weekCounts(now)]);
      return { pairs, weekCounts };
    }),
    readHealth<IndexHealth>(),
  ]);
  const starts = Array.from({ length: LEAD_CHART_WEEKS }, (_, index) =>
    weekStart(now - (LEAD_CHART_WEEKS - 1 - index) * WEEK_MS),
  );
  const totals = new Map<string, number>();
  const weeks = starts.map((start) => {
    const counts: Record<string, number> = {};
    const week = stats.weekCounts[start];
    for (const [key, count] of Object.entries(week ? week[by] : {})) {
      if (count <= 0) continue;
      const group = by === "service" ? serviceLabel(key) : key;
      counts[group] = (counts[group] ?? 0) + count;
      totals.set(group, (totals.get(group) ?? 0) + count);
    }
    return { start, counts };
  });
  let total = 0;
  let newCount = 0;
  for (const [pair, count] of stats.pairs) {
    total += count;
    if (pair.startsWith("new|")) newCount += count;
  }
  const groups = [...totals].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([group]) => group);
  const repair = health?.repairs.filter((entry) => now - Date.parse(entry.at) < REPAIR_NOTICE_MS).at(-1);
  return { by, weeks, groups, newCount, total, ...(repair ? { repair } : {}) };
}
