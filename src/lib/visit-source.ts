/**
 * Where a visit came from (DESIGN.md §10): kept in sessionStorage on the visitor's first page of
 * the visit, sent with a quote request as the `source` field. The server checks and bounds it
 * (sanitizeLeadSource in ./leads.ts); nothing here is trusted.
 *
 * Browser only and tiny: it runs on every page. No imports.
 */

/** Multipart field of POST /api/contact that carries the source as JSON. */
export const SOURCE_FIELD = "source";
/** sessionStorage key of the visit's source. */
export const SOURCE_STORAGE_KEY = "lead-source";

const UTM = [
  ["utmSource", "utm_source"],
  ["utmMedium", "utm_medium"],
  ["utmCampaign", "utm_campaign"],
] as const;

/** Records the landing page, the referring site (host only) and utm_* unless this visit has a source. */
export function captureVisitSource(): void {
  try {
    if (sessionStorage.getItem(SOURCE_STORAGE_KEY) !== null) return;
    const source: Record<string, string> = { landingPage: location.pathname.slice(0, 300) };
    if (document.referrer) {
      const referrer = new URL(document.referrer);
      if (referrer.host !== location.host) source.referrer = referrer.hostname;
    }
    const params = new URLSearchParams(location.search);
    for (const [field, param] of UTM) {
      const value = params.get(param);
      if (value) source[field] = value.slice(0, 100);
    }
    sessionStorage.setItem(SOURCE_STORAGE_KEY, JSON.stringify(source));
  } catch {
    // No storage (private mode, blocked): the quote is sent without a source.
  }
}

/** The visit's source as JSON, or null. */
export function readVisitSource(): string | null {
  try {
    return sessionStorage.getItem(SOURCE_STORAGE_KEY);
  } catch {
    return null;
  }
}
