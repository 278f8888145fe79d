/**
 * The owner's lead desk (docs/lead-desk.md): statuses, retention period, the source of a lead and the
 * list's query parameters. Shared by the admin screen, the quote form's source capture, the
 * functions and the privacy policy.
 *
 * Shipped to the browser: keep it free of Node APIs, astro:* and React.
 */

/** In the order a lead moves through them; `completed` means the job is done. */
export const LEAD_STATUSES = ["new", "contacted", "quoted", "won", "completed", "lost"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const LEAD_STATUS_LABELS: Readonly<Record<LeadStatus, string>> = {
  new: "New",
  contacted: "Contacted",
  quoted: "Quote sent",
  won: "Won",
  completed: "Completed",
  lost: "Lost",
};

export function isLeadStatus(value: unknown): value is LeadStatus {
  return typeof value === "string" && (LEAD_STATUSES as readonly string[]).includes(value);
}

/**
 * How long a lead that did not become work (a status not in LEAD_KEPT_STATUSES) is kept. The
 * privacy policy states this number (content/legal/privacy-policy.md) and the scheduled retention
 * function erases by it: change it here and both follow.
 */
export const LEAD_RETENTION_MONTHS = 12;

/**
 * Leads that became work: a job won or completed. Retention never erases them; they are the record
 * of the work, kept for the guarantee plus 6 years as the privacy policy says, and erased by the
 * owner (delete in the lead desk).
 */
export const LEAD_KEPT_STATUSES: readonly LeadStatus[] = ["won", "completed"];

export function isKeptStatus(status: unknown): boolean {
  return isLeadStatus(status) && LEAD_KEPT_STATUSES.includes(status);
}

/** Admin list paging (docs/http-contract.md, Admin). */
export const LEADS_PAGE_SIZE = 50;
export const LEADS_MAX_PAGE_SIZE = 200;
export const LEAD_SEARCH_MAX_LENGTH = 100;
export const LEAD_NOTE_MAX_LENGTH = 2000;
export const LEAD_MAX_NOTES = 200;

/** Weeks shown by the leads-per-week chart. */
export const LEAD_CHART_WEEKS = 12;

/** A dated private note of the owner on a lead. */
export interface LeadNote {
  at: string;
  text: string;
}

/**
 * Where the visitor came from, captured on the first page of their visit: the landing page on this
 * site (path and query), the referring site (host only) and the `utm_*` campaign parameters.
 */
export interface LeadSource {
  landingPage?: string;
  referrer?: string;
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
}

export const SOURCE_LIMITS = {
  /** The JSON as sent. */
  json: 2000,
  landingPage: 300,
  referrer: 253,
  utm: 100,
} as const;

/** Control characters (C0, DEL, C1) are never kept in a source value. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
const HOST = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

function cleanText(value: unknown, limit: number): string | undefined {
  if (typeof value !== "string") return undefined;
  const text = value.replace(CONTROL, "").trim();
  return text ? Array.from(text).slice(0, limit).join("") : undefined;
}

/**
 * A source as the server keeps it: unknown fields dropped, control characters removed, each value
 * cut to its limit, a landing page only as a path on this site, a referrer only as a host name.
 * Returns undefined when nothing usable is left; never throws (a quote is never refused for it).
 */
export function sanitizeLeadSource(input: unknown): LeadSource | undefined {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return undefined;
  const raw = input as Record<string, unknown>;
  const source: LeadSource = {};
  const landing = cleanText(raw.landingPage, SOURCE_LIMITS.landingPage);
  if (landing && landing.startsWith("/") && !landing.startsWith("//") && !landing.includes("\\")) {
    source.landingPage = landing;
  }
  const referrer = cleanText(raw.referrer, SOURCE_LIMITS.referrer)?.toLowerCase();
  if (referrer && HOST.test(referrer)) source.referrer = referrer;
  const utmSource = cleanText(raw.utmSource, SOURCE_LIMITS.utm);
  if (utmSource) source.utmSource = utmSource;
  const utmMedium = cleanText(raw.utmMedium, SOURCE_LIMITS.utm);
  if (utmMedium) source.utmMedium = utmMedium;
  const utmCampaign = cleanText(raw.utmCampaign, SOURCE_LIMITS.utm);
  if (utmCampaign) source.utmCampaign = utmCampaign;
  return Object.keys(source).length ? source : undefined;
}

/** The JSON text of the `source` form field, checked; undefined when absent, too long or not JSON. */
export function parseLeadSourceField(text: string): LeadSource | undefined {
  if (!text || text.length > SOURCE_LIMITS.json) return undefined;
  try {
    return sanitizeLeadSource(JSON.parse(text));
  } catch {
    return undefined;
  }
}

/**
 * One short label for the chart and the list: the campaign source, else the referring site, else
 * "Direct" (the visitor typed the address or came from a bookmark), "Unknown" when not recorded.
 */
export function sourceLabel(source: LeadSource | undefined): string {
  if (!source) return "Unknown";
  if (source.utmSource) return source.utmSource.toLowerCase();
  if (source.referrer) return source.referrer.replace(/^www\./, "");
  return "Direct";
}

/** The list's filters as they live in the page URL and the API's query string. */
export interface LeadFilters {
  status?: LeadStatus;
  service?: string;
  q?: string;
}

/** Filters from URL search parameters; unknown or empty values are left out. */
export function filtersFromParams(params: URLSearchParams): LeadFilters {
  const filters: LeadFilters = {};
  const status = params.get("status");
  if (isLeadStatus(status)) filters.status = status;
  const service = params.get("service")?.trim();
  if (service) filters.service = service;
  const q = params.get("q")?.trim();
  if (q) filters.q = q.slice(0, LEAD_SEARCH_MAX_LENGTH);
  return filters;
}

/** Search parameters for filters, in a stable order; empty values are left out. */
export function paramsFromFilters(filters: LeadFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status) params.set("status", filters.status);
  if (filters.service) params.set("service", filters.service);
  if (filters.q) params.set("q", filters.q);
  return params;
}

/** Monday 00:00 UTC of the week `time` falls in, as yyyy-mm-dd. */
export function weekStart(time: number): string {
  const date = new Date(time);
  const day = (date.getUTCDay() + 6) % 7;
  const monday = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() - day);
  return new Date(monday).toISOString().slice(0, 10);
}

/** The chart's data: per week (oldest first) the number of leads per group. */
export interface LeadStats {
  by: "service" | "source";
  weeks: { start: string; counts: Record<string, number> }[];
  /** Groups, most leads first. */
  groups: string[];
  /** Leads with status `new`, all time. */
  newCount: number;
  total: number;
}
