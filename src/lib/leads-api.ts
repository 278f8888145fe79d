/**
 * Browser calls of the lead desk (docs/http-contract.md, Admin): pages of the list, one lead with its
 * ETag, status and note changes, erasure and the chart data. Every call sends the session cookie.
 *
 * Shipped to the browser: no Node APIs, astro:* or React.
 */
import { SessionEndedError } from "./admin/api";
import { ApiError, apiError, errorField } from "./api-client";
import { withPasskeyProof } from "./admin/passkey-client";
import { parseQuotes, type AdminQuote } from "./admin/quotes";
import { paramsFromFilters, type LeadFilters, type LeadStats, type LeadStatus } from "./lead-model";

export const LEADS_API = "/api/admin/contact-submissions";

/** Another device changed the lead first (412); `current` is the lead as it is now. */
export class StaleLeadError extends Error {
  constructor(readonly current: LeadWithEtag | null) {
    super(
      "This lead was changed on another device. It has been reloaded: check it and make your change again.",
    );
    this.name = "StaleLeadError";
  }
}

/** A change the server refused with field errors (400), e.g. `propertyAddress` when completing. */
export class LeadRefusal extends ApiError {
  constructor(
    status: number,
    message: string,
    readonly fieldErrors: Record<string, string[]>,
  ) {
    super(status, message);
    this.name = "LeadRefusal";
  }
}

/** The property's address, sent with `status: "completed"` for the guarantee certificate. */
export interface PropertyAddress {
  line1: string;
  town: string;
  postcode: string;
}

export interface LeadChange {
  status?: LeadStatus;
  note?: string;
  quotedAmount?: number;
  propertyAddress?: PropertyAddress;
  /** With `status: "completed"`: the guarantee's length when the owner changes it in Job done. */
  guaranteeYears?: number;
  /** A trade customer's VAT number (the reverse charge), or null for a homeowner. */
  tradeCustomer?: { vatNumber: string } | null;
}

export interface LeadPage {
  submissions: AdminQuote[];
  total: number;
  /** URL of the next page, or null on the last one. */
  next: string | null;
}

export interface LeadWithEtag {
  submission: AdminQuote;
  etag: string;
}

async function call(url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, { credentials: "include", cache: "no-store", ...init });
  if (response.status === 401) throw new SessionEndedError();
  return response;
}

/** The list URL for filters; without filters it is the bare collection (page size 50 by default). */
export function listUrl(filters: LeadFilters): string {
  const query = paramsFromFilters(filters).toString();
  return query ? `${LEADS_API}?${query}` : LEADS_API;
}

export function exportUrl(filters: LeadFilters): string {
  const query = paramsFromFilters(filters).toString();
  return `${LEADS_API}/export.csv${query ? `?${query}` : ""}`;
}

/** One page: `url` is listUrl(filters) or the previous page's `next`. */
export async function fetchLeadPage(url: string): Promise<LeadPage> {
  const response = await call(url);
  if (!response.ok) throw await apiError(response);
  const submissions = parseQuotes(await response.json());
  const total = Number(response.headers.get("X-Total-Count") ?? NaN);
  const next = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get("Link") ?? "")?.[1] ?? null;
  return { submissions, total: Number.isFinite(total) ? total : submissions.length, next };
}

const itemUrl = (id: string) => `${LEADS_API}/${encodeURIComponent(id)}`;

export async function fetchLead(id: string): Promise<LeadWithEtag> {
  const response = await call(itemUrl(id));
  if (!response.ok) throw await apiError(response);
  const [submission] = parseQuotes([await response.json()]);
  return { submission: submission!, etag: response.headers.get("ETag") ?? "" };
}

/** PATCH with If-Match; on 412 reloads the lead and throws StaleLeadError with it. */
export async function changeLead(id: string, etag: string, change: LeadChange): Promise<LeadWithEtag> {
  const response = await call(itemUrl(id), {
    method: "PATCH",
    headers: { "Content-Type": "application/json", "If-Match": etag },
    body: JSON.stringify(change),
  });
  if (response.status === 412) throw new StaleLeadError(await fetchLead(id).catch(() => null));
  if (response.status === 400) {
    const text = await response.text().catch(() => "");
    const fieldErrors = fieldErrorsOf(text);
    const message = `${response.status}: ${errorField(text) ?? (text || response.statusText)}`;
    throw fieldErrors ? new LeadRefusal(400, message, fieldErrors) : new ApiError(400, message);
  }
  if (!response.ok) throw await apiError(response);
  const [submission] = parseQuotes([await response.json()]);
  return { submission: submission!, etag: response.headers.get("ETag") ?? "" };
}

/** The `fieldErrors` of a JSON error body, or undefined. */
function fieldErrorsOf(text: string): Record<string, string[]> | undefined {
  try {
    const body = JSON.parse(text) as { fieldErrors?: unknown } | null;
    const errors = body?.fieldErrors;
    return errors && typeof errors === "object" ? (errors as Record<string, string[]>) : undefined;
  } catch {
    return undefined;
  }
}

export async function deleteLead(id: string): Promise<void> {
  // Erasure asks a passkey session for its passkey again (docs/staff.md).
  const response = await withPasskeyProof(() => call(itemUrl(id), { method: "DELETE" }));
  if (!response.ok && response.status !== 404) throw await apiError(response);
}

export async function fetchLeadStats(by: "service" | "source"): Promise<LeadStats> {
  const response = await call(`${LEADS_API}/stats?by=${by}`);
  if (!response.ok) throw await apiError(response);
  return (await response.json()) as LeadStats;
}
