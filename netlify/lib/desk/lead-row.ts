/**
 * A lead's status as the desk reads it, and its line in the CSV export (UTF-8 with BOM, every cell
 * neutralised against spreadsheet formulas). Pure functions.
 */
import { storedEstimate } from "../../../src/lib/price-guide/estimate.ts";
import { guideShownText } from "../../../src/lib/price-guide/format.ts";
import { servedFileName } from "../uploads/file-types.ts";
import { stringify } from "csv-stringify/sync";
import { CSV_OPTIONS, neutralizeCell } from "../http/csv.ts";
import { isLeadStatus, type LeadStatus } from "../../../src/lib/lead-model.ts";
import { serviceLabel } from "../../../src/lib/service-options.ts";
import type { QuoteRecord } from "../quote/quote-store.ts";

export function statusOf(record: Pick<QuoteRecord, "status">): LeadStatus {
  return isLeadStatus(record.status) ? record.status : "new";
}

// ---------------------------------------------------------------------------------------------
// CSV

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
