/**
 * Runs on every page: on the visitor's first page of the visit, records where they came from (the
 * landing page, the referring site's host, utm_source/medium/campaign) in sessionStorage, for the
 * quote form to send (src/lib/visit-source.ts reads it; the server checks and bounds it).
 *
 * Self-contained on purpose (no imports), so Astro inlines it instead of loading a chunk on every
 * page. The storage key equals SOURCE_STORAGE_KEY in src/lib/visit-source.ts (a unit test checks).
 */
export const CAPTURE_STORAGE_KEY = "lead-source";

const UTM = [
  ["utmSource", "utm_source"],
  ["utmMedium", "utm_medium"],
  ["utmCampaign", "utm_campaign"],
] as const;

export function captureVisitSource(): void {
  try {
    if (sessionStorage.getItem(CAPTURE_STORAGE_KEY) !== null) return;
    // A customer's visit or quote link carries a secret token: only "/visit" or "/quote" is kept.
    const landingPage = location.pathname.replace(/^\/(visit|quote)\/.*/, "/$1").slice(0, 300);
    const source: Record<string, string> = { landingPage };
    if (document.referrer) {
      const referrer = new URL(document.referrer);
      if (referrer.host !== location.host) source.referrer = referrer.hostname;
    }
    const params = new URLSearchParams(location.search);
    for (const [field, param] of UTM) {
      const value = params.get(param);
      if (value) source[field] = value.slice(0, 100);
    }
    sessionStorage.setItem(CAPTURE_STORAGE_KEY, JSON.stringify(source));
  } catch {
    // No storage (private mode, blocked): the quote is sent without a source.
  }
}
