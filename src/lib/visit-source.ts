/**
 * Where a visit came from (docs/lead-desk.md), as the quote form sends it: the JSON that
 * src/scripts/capture-visit-source.ts keeps in sessionStorage on the visitor's first page. The
 * server checks and bounds it (sanitizeLeadSource in ./lead-model.ts); nothing here is trusted.
 *
 * Browser only and tiny. No imports.
 */

/** Multipart field of POST /api/contact that carries the source as JSON. */
export const SOURCE_FIELD = "source";
/** sessionStorage key of the visit's source. */
export const SOURCE_STORAGE_KEY = "lead-source";

/** The visit's source as JSON, or null. */
export function readVisitSource(): string | null {
  try {
    return sessionStorage.getItem(SOURCE_STORAGE_KEY);
  } catch {
    return null;
  }
}
