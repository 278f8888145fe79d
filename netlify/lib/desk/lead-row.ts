/**
 * One lead as the lead index keeps it: a compact row for the list, the filters, the search, the
 * counts and the chart, and the lead's CSV line, both made from the quote record. Pure functions.
 */
import { storedEstimate } from "../../../src/lib/price-guide/estimate.ts";
import { guideShownText } from "../../../src/lib/price-guide/format.ts";
import { servedFileName } from "../uploads/file-types.ts";
import { stringify } from "csv-stringify/sync";
import { isLeadStatus, sourceLabel, type LeadFilters, type LeadStatus } from "../../../src/lib/lead-model.ts";
import { serviceLabel } from "../../../src/lib/service-options.ts";
import type { QuoteRecord } from "../quote/quote-store.ts";

/** The part of the message the index keeps for search. */
export const INDEXED_MESSAGE_LENGTH = 1000;

export interface LeadRow {
  id: string;
  createdAt: string;
  reference?: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  service: string;
  status: string;
  /** The start of the message, for search. */
  message: string;
  /** sourceLabel() of the lead's source. */
  source: string;
  /** The record's revision this row was made from (0 when never changed). */
  rev: number;
}

export function statusOf(record: Pick<QuoteRecord, "status">): LeadStatus {
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
    rev: record.revision ?? 0,
  };
  if (typeof record.reference === "string" && record.reference) row.reference = record.reference;
  return row;
}

// ---------------------------------------------------------------------------------------------
// Order: newest first by creation time, then by id, so every lead has one place.

/** A sort key that orders leads oldest first; newest first is the reverse. */
export const orderKey = (row: { createdAt: string; id: string }) => `${row.createdAt}|${row.id}`;

export const newestFirst = (a: { createdAt: string; id: string }, b: { createdAt: string; id: string }) => {
  const left = orderKey(a);
  const right = orderKey(b);
  return left < right ? 1 : left > right ? -1 : 0;
};

// ---------------------------------------------------------------------------------------------
// Filters and search

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

/** Whether a row passes the status and service filters (the search aside). */
export function passesFilters(row: LeadRow, filters: LeadFilters): boolean {
  return (
    (!filters.status || row.status === filters.status) &&
    (!filters.service || row.service === filters.service)
  );
}

export function rowMatcher(filters: LeadFilters): (row: LeadRow) => boolean {
  const terms = filters.q ? searchTerms(filters.q) : [];
  return (row) => passesFilters(row, filters) && terms.every((term) => haystackOf(row).includes(term));
}

// ---------------------------------------------------------------------------------------------
// CSV

/** A cell that a spreadsheet would run as a formula gets a leading apostrophe. */
export function neutralizeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export const CSV_COLUMNS = [
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

const CSV_OPTIONS = { record_delimiter: "windows" } as const;

/** The byte order mark that makes Excel read the file as UTF-8. */
export const CSV_BOM = "\ufeff";

/** The header line, CRLF-terminated. */
export const CSV_HEADER = stringify([[...CSV_COLUMNS]], CSV_OPTIONS);

/** The lead's CSV line (CRLF-terminated), every cell neutralised. */
export function csvLine(record: QuoteRecord): string {
  const source = record.source ?? {};
  const cells = [
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
  return stringify([cells], CSV_OPTIONS);
}
