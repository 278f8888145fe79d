/**
 * The owner's lead desk (docs/http-contract.md, Admin; docs/design.md, Lead desk): the paged, filtered and searchable list over
 * the summary index, one lead with its ETag, status and note changes without lost updates, erasure,
 * CSV export, the leads-per-week chart and retention.
 */
import { createHash } from "node:crypto";
import { stringify } from "csv-stringify/sync";
import {
  LEAD_CHART_WEEKS,
  LEAD_MAX_NOTES,
  LEAD_NOTE_MAX_LENGTH,
  LEAD_RETENTION_MONTHS,
  LEAD_SEARCH_MAX_LENGTH,
  LEADS_MAX_PAGE_SIZE,
  LEADS_PAGE_SIZE,
  LEAD_STATUSES,
  isKeptStatus,
  isLeadStatus,
  sourceLabel,
  weekStart,
  type LeadFilters,
  type LeadStats,
  type LeadStatus,
} from "../../../src/lib/lead-model.ts";
import { serviceLabel } from "../../../src/lib/service-options.ts";
import {
  NOT_QUOTED_MESSAGE,
  QUOTED_AMOUNT_MESSAGE,
  isQuotedAmount,
  isQuotedStatus,
} from "../../../src/lib/price-guide/calibration.ts";
import { storedEstimate } from "../../../src/lib/price-guide/estimate.ts";
import { guideShownText } from "../../../src/lib/price-guide/format.ts";
import { forgetCalibration, syncCalibration } from "../price-guide/calibration.ts";
import { HttpError } from "../http/http-error.ts";
import { withKeyLock } from "../blobs/key-lock.ts";
import {
  indexIsBuilt,
  markIndexBuilt,
  readAllRows,
  removeRows,
  setRowStatus,
  upsertRows,
  type LeadRow,
} from "./lead-index-store.ts";
import { toAdminQuote, type AdminQuoteBody } from "./admin-quote.ts";
import { recordErasure } from "../quote/tombstone-store.ts";
import { servedFileName } from "../uploads/file-types.ts";
import { withStatus } from "../follow-up/status-change.ts";
import {
  deleteQuote,
  listQuoteIds,
  readQuote,
  readQuoteWithEtag,
  saveQuoteIfUnchanged,
  type QuoteRecord,
} from "../quote/quote-store.ts";

/** The part of the message the index keeps for search. */
const INDEXED_MESSAGE_LENGTH = 1000;
const READ_BATCH = 50;

export const QUOTE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function statusOf(record: QuoteRecord): LeadStatus {
  return isLeadStatus(record.status) ? record.status : "new";
}

export function rowOf(record: QuoteRecord): LeadRow {
  const row: LeadRow = {
    id: record.id,
    createdAt: record.createdAt,
    firstName: record.firstName,
    lastName: record.lastName,
    email: record.email,
    phone: record.phone,
    service: record.serviceRequired,
    status: statusOf(record),
    message: Array.from(record.message).slice(0, INDEXED_MESSAGE_LENGTH).join(""),
    source: sourceLabel(record.source),
  };
  if (typeof record.reference === "string" && record.reference) row.reference = record.reference;
  return row;
}

/** Reads records by id in batches; missing ones are left out. */
async function readRecords(ids: string[]): Promise<QuoteRecord[]> {
  const records: QuoteRecord[] = [];
  for (let start = 0; start < ids.length; start += READ_BATCH) {
    const batch = await Promise.all(ids.slice(start, start + READ_BATCH).map((id) => readQuote(id)));
    for (const record of batch) if (record) records.push(record);
  }
  return records;
}

/**
 * Makes the index agree with the stored records: rows for records it lacks (quotes stored before
 * the index existed, or whose index write failed), no rows for records that are gone.
 */
export async function reconcileIndex(now = Date.now()): Promise<{ added: number; removed: number }> {
  const [ids, rows] = await Promise.all([listQuoteIds(), readAllRows()]);
  const stored = new Set(ids);
  const indexed = new Set(rows.map((row) => row.id));
  const missing = ids.filter((id) => !indexed.has(id));
  const orphans = rows.filter((row) => !stored.has(row.id));
  const records = await readRecords(missing);
  if (records.length) await upsertRows(records.map(rowOf));
  if (orphans.length) await removeRows(orphans);
  await markIndexBuilt(now);
  return { added: records.length, removed: orphans.length };
}

/** Builds the index from the stored records the first time it is needed in a store. */
async function ensureIndex(): Promise<void> {
  if (!(await indexIsBuilt())) await reconcileIndex();
}

/** Adds a newly stored quote to the index (called right after its record is written). */
export async function indexQuote(record: QuoteRecord): Promise<void> {
  await upsertRows([rowOf(record)]);
}

// ---------------------------------------------------------------------------------------------
// Filtering, search and paging

export interface ListQuery extends LeadFilters {
  limit: number;
  cursor?: { createdAt: string; id: string };
}

const bad = (message: string) => new HttpError(400, message);

function decodeCursor(value: string): { createdAt: string; id: string } {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (Array.isArray(parsed) && parsed.length === 2 && parsed.every((part) => typeof part === "string")) {
      return { createdAt: parsed[0] as string, id: parsed[1] as string };
    }
  } catch {
    // Falls through to the 400.
  }
  throw bad("Invalid cursor");
}

const encodeCursor = (row: LeadRow) =>
  Buffer.from(JSON.stringify([row.createdAt, row.id])).toString("base64url");

/** The list's query string, checked (400 for values that cannot be meant). */
export function parseListQuery(params: URLSearchParams, paging = true): ListQuery {
  const query: ListQuery = { limit: LEADS_PAGE_SIZE };
  const status = params.get("status");
  if (status !== null && status !== "") {
    if (!isLeadStatus(status)) throw bad("Unknown status");
    query.status = status;
  }
  const service = params.get("service")?.trim();
  if (service) {
    if (service.length > 50) throw bad("Unknown service");
    query.service = service;
  }
  const q = params.get("q")?.trim();
  if (q) {
    if (q.length > LEAD_SEARCH_MAX_LENGTH)
      throw bad(`Search is limited to ${LEAD_SEARCH_MAX_LENGTH} characters`);
    query.q = q;
  }
  if (!paging) return query;
  const limit = params.get("limit");
  if (limit !== null) {
    if (!/^\d{1,6}$/.test(limit) || Number(limit) < 1) throw bad("limit must be a whole number from 1");
    query.limit = Math.min(Number(limit), LEADS_MAX_PAGE_SIZE);
  }
  const cursor = params.get("cursor");
  if (cursor) query.cursor = decodeCursor(cursor);
  return query;
}

const haystacks = new WeakMap<LeadRow, string>();

function haystackOf(row: LeadRow): string {
  let text = haystacks.get(row);
  if (text === undefined) {
    text = [
      `${row.firstName} ${row.lastName}`,
      row.email,
      row.phone,
      row.phone.replace(/\D/g, ""),
      row.reference ?? "",
      row.message,
    ]
      .join("\n")
      .toLowerCase();
    haystacks.set(row, text);
  }
  return text;
}

/** Every word of the search must appear in the name, e-mail, phone, reference or message. */
function searchTerms(q: string): string[] {
  return q
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .map((term) =>
      /^\+?[\d()-]+$/.test(term) && /\d{3}/.test(term.replace(/\D/g, "")) ? term.replace(/\D/g, "") : term,
    );
}

function matches(filters: LeadFilters): (row: LeadRow) => boolean {
  const terms = filters.q ? searchTerms(filters.q) : [];
  return (row) =>
    (!filters.status || row.status === filters.status) &&
    (!filters.service || row.service === filters.service) &&
    terms.every((term) => haystackOf(row).includes(term));
}

const newestFirst = (a: LeadRow, b: LeadRow) =>
  a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;

/** The matching rows, newest first. */
async function matchingRows(filters: LeadFilters): Promise<LeadRow[]> {
  await ensureIndex();
  return (await readAllRows()).filter(matches(filters)).sort(newestFirst);
}

export interface LeadPage {
  submissions: AdminQuoteBody[];
  total: number;
  nextCursor: string | null;
}

/** One page of the list: the index gives order, count and page; only the page's records are read. */
export async function listLeads(query: ListQuery): Promise<LeadPage> {
  const rows = await matchingRows(query);
  let start = 0;
  if (query.cursor) {
    const { createdAt, id } = query.cursor;
    start = rows.findIndex(
      (row) => row.createdAt < createdAt || (row.createdAt === createdAt && row.id < id),
    );
    if (start === -1) start = rows.length;
  }
  const page = rows.slice(start, start + query.limit);
  const records = await readRecords(page.map((row) => row.id));
  const more = start + query.limit < rows.length;
  return {
    submissions: records.map(toAdminQuote),
    total: rows.length,
    nextCursor: more && page.length ? encodeCursor(page[page.length - 1]!) : null,
  };
}

/** The number of leads with status `new`. */
export async function countNewLeads(): Promise<number> {
  return (await matchingRows({ status: "new" })).length;
}

// ---------------------------------------------------------------------------------------------
// One lead: read, change, erase

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

const notFound = () => new HttpError(404, "Submission not found");

function checkId(id: string): void {
  if (!QUOTE_ID.test(id)) throw notFound();
}

export async function getLead(id: string): Promise<{ submission: AdminQuoteBody; etag: string }> {
  checkId(id);
  const record = await readQuote(id);
  if (!record) throw notFound();
  return { submission: toAdminQuote(record), etag: leadEtag(record) };
}

export interface LeadChange {
  status?: LeadStatus;
  note?: string;
  /** What the owner quoted, whole pounds with VAT (price guide calibration). */
  quotedAmount?: number;
}

/** PATCH body, checked: `{ status?, note?, quotedAmount? }`, at least one, nothing else. */
export function parseLeadChange(body: Record<string, unknown>): LeadChange {
  const unknown = Object.keys(body).filter(
    (key) => key !== "status" && key !== "note" && key !== "quotedAmount",
  );
  if (unknown.length) throw bad(`Unexpected field: ${unknown.join(", ")}`);
  const change: LeadChange = {};
  if (body.status !== undefined) {
    if (!isLeadStatus(body.status)) {
      throw new HttpError(400, "Unknown status", {
        status: [`Status must be one of ${LEAD_STATUSES.join(", ")}`],
      });
    }
    change.status = body.status;
  }
  if (body.note !== undefined) {
    const note = typeof body.note === "string" ? body.note.trim() : "";
    if (!note || note.length > LEAD_NOTE_MAX_LENGTH) {
      throw new HttpError(400, "Invalid note", {
        note: [`A note must be 1 to ${LEAD_NOTE_MAX_LENGTH} characters`],
      });
    }
    change.note = note;
  }
  if (body.quotedAmount !== undefined) {
    if (!isQuotedAmount(body.quotedAmount))
      throw new HttpError(400, "Invalid amount", { quotedAmount: [QUOTED_AMOUNT_MESSAGE] });
    change.quotedAmount = body.quotedAmount;
  }
  if (change.status === undefined && change.note === undefined && change.quotedAmount === undefined)
    throw bad("Nothing to change: send status, note or quotedAmount");
  return change;
}

const MAX_ATTEMPTS = 10;

/**
 * Applies a status change and/or a dated note. `ifMatch` is the caller's If-Match header: 412 when
 * the lead changed since the caller read it. Writes are conditional on the stored entry, so a
 * concurrent change by anything else (another admin, the e-mail sender) is never overwritten.
 */
export async function changeLead(
  id: string,
  change: LeadChange,
  ifMatch: string | null,
  now = Date.now(),
): Promise<{ submission: AdminQuoteBody; etag: string }> {
  checkId(id);
  return withKeyLock(`lead:${id}`, () => applyChange(id, change, ifMatch, now));
}

async function applyChange(
  id: string,
  change: LeadChange,
  ifMatch: string | null,
  now: number,
): Promise<{ submission: AdminQuoteBody; etag: string }> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const entry = await readQuoteWithEtag(id);
    if (!entry) throw notFound();
    const current = entry.data;
    if (!ifMatchHolds(ifMatch, leadEtag(current))) {
      throw new HttpError(
        412,
        "This lead was changed elsewhere. It has been reloaded; please check and try again.",
        undefined,
        {
          ETag: leadEtag(current),
        },
      );
    }
    const next: QuoteRecord = withStatus(current, change.status ?? statusOf(current), now);
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
    if (await saveQuoteIfUnchanged(next, entry.etag)) {
      if (next.status !== statusOf(current)) await setRowStatus(id, next.createdAt, next.status ?? "new");
      // The price guide's calibration follows the lead; a failure there never fails the change.
      if (next.estimate && (next.status !== statusOf(current) || change.quotedAmount !== undefined)) {
        await syncCalibration(next, now).catch((error: unknown) =>
          console.error(
            "lead desk: calibration update failed",
            error instanceof Error ? error.message : "unknown error",
          ),
        );
      }
      return { submission: toAdminQuote(next), etag: leadEtag(next) };
    }
  }
  throw new HttpError(409, "The lead kept changing; please try again.");
}

/** Erases a lead: attachments, record, index row. 404 when there is no such lead. */
export async function eraseLead(id: string): Promise<void> {
  checkId(id);
  const record = await readQuote(id);
  if (!record) throw notFound();
  await recordErasure(id, "owner");
  await deleteQuote(id);
  await removeRows([{ id, createdAt: record.createdAt }]);
  if (record.estimate) await forgetCalibration(id);
}

// ---------------------------------------------------------------------------------------------
// Export

/** A cell that a spreadsheet would run as a formula gets a leading apostrophe. */
export function neutralizeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const CSV_COLUMNS = [
  "Reference",
  "Received",
  "Status",
  "First name",
  "Last name",
  "E-mail",
  "Phone",
  "Service",
  "Message",
  "Attachments",
  "Landing page",
  "Referrer",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "Notes",
  // Price guide: the range the visitor saw, and what was quoted.
  "Guide shown",
  "Quoted (£)",
] as const;

/** "Guide shown: £3,800 – £5,200 (Roughcast: Semi-detached house · …)", or "" without a guide. */
function csvGuide(record: QuoteRecord): string {
  const estimate = storedEstimate(record.estimate);
  if (!estimate) return "";
  return `${guideShownText(estimate)} (${estimate.label}${estimate.details ? `: ${estimate.details}` : ""})`;
}

function csvRow(record: QuoteRecord): string[] {
  const source = record.source ?? {};
  return [
    record.reference ?? "",
    record.createdAt,
    statusOf(record),
    record.firstName,
    record.lastName,
    record.email,
    record.phone,
    serviceLabel(record.serviceRequired),
    record.message,
    record.attachments.map((attachment) => servedFileName(attachment.name, attachment.type)).join("; "),
    source.landingPage ?? "",
    source.referrer ?? "",
    source.utmSource ?? "",
    source.utmMedium ?? "",
    source.utmCampaign ?? "",
    (record.notes ?? []).map((note) => `${note.at.slice(0, 16).replace("T", " ")} ${note.text}`).join("\n"),
    csvGuide(record),
    record.quotedAmount === undefined ? "" : String(record.quotedAmount),
  ].map(neutralizeCell);
}

/** Every lead matching the filters (all pages), newest first, as CSV with a UTF-8 BOM. */
export async function exportCsv(filters: LeadFilters): Promise<string> {
  const rows = await matchingRows(filters);
  const records = await readRecords(rows.map((row) => row.id));
  return stringify([[...CSV_COLUMNS], ...records.map(csvRow)], { bom: true, record_delimiter: "windows" });
}

// ---------------------------------------------------------------------------------------------
// Chart

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** Leads per week for the last LEAD_CHART_WEEKS weeks (this one included), by service or source. */
export async function leadStats(by: "service" | "source", now = Date.now()): Promise<LeadStats> {
  await ensureIndex();
  const rows = await readAllRows();
  const starts = Array.from({ length: LEAD_CHART_WEEKS }, (_, index) =>
    weekStart(now - (LEAD_CHART_WEEKS - 1 - index) * WEEK_MS),
  );
  const weeks: { start: string; counts: Record<string, number> }[] = starts.map((start) => ({
    start,
    counts: {},
  }));
  const position = new Map(starts.map((start, index) => [start, index]));
  const totals = new Map<string, number>();
  let newCount = 0;
  for (const row of rows) {
    if (row.status === "new") newCount++;
    const time = Date.parse(row.createdAt);
    if (Number.isNaN(time)) continue;
    const index = position.get(weekStart(time));
    if (index === undefined) continue;
    const group = by === "service" ? serviceLabel(row.service) : row.source;
    const counts = weeks[index]!.counts;
    counts[group] = (counts[group] ?? 0) + 1;
    totals.set(group, (totals.get(group) ?? 0) + 1);
  }
  const groups = [...totals].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([group]) => group);
  return { by, weeks, groups, newCount, total: rows.length };
}

// ---------------------------------------------------------------------------------------------
// Retention

/** The instant before which leads that did not become work are erased. */
export function retentionCutoff(now: number): string {
  const date = new Date(now);
  date.setUTCMonth(date.getUTCMonth() - LEAD_RETENTION_MONTHS);
  return date.toISOString();
}

/**
 * Erases every lead older than LEAD_RETENTION_MONTHS that did not become work (status not `won` or
 * `completed`), with its attachments. The index is reconciled first, so quotes it lacks are not missed.
 */
export async function eraseExpiredLeads(now = Date.now()): Promise<number> {
  await reconcileIndex(now);
  const cutoff = retentionCutoff(now);
  const expired = (await readAllRows()).filter((row) => !isKeptStatus(row.status) && row.createdAt < cutoff);
  const gone: LeadRow[] = [];
  for (const row of expired) {
    // The record is the truth: a status changed to won since the index was read keeps the lead.
    const record = await readQuote(row.id);
    if (record && (isKeptStatus(statusOf(record)) || record.createdAt >= cutoff)) continue;
    await recordErasure(row.id, "retention", now);
    await deleteQuote(row.id);
    gone.push(row);
  }
  await removeRows(gone);
  return gone.length;
}
