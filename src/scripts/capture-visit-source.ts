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
    // A written quote's address carries its secret token (/quote/{token}): only "/quote" is kept.
    const path = location.pathname.replace(/^\/quote\/.*/, "/quote");
    const source: Record<string, string> = { landingPage: path.slice(0, 300) };
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
