/**
 * Numbers of the quote attachment protocol (docs/uploads.md), shared by the QuoteForm island and the
 * functions. Browser-safe.
 */
/** docs/uploads.md: no request body the browser sends may exceed this. */
export const MAX_REQUEST_BODY_BYTES = 4 * 1024 * 1024;
/** Every part but the last is exactly this long; well under the 4.5 MB the platform really takes. */
export const UPLOAD_PART_BYTES = 3 * 1024 * 1024;
/** An upload not finished and used by a sent quote within this time expires and is deleted. */
export const UPLOAD_TTL_MS = 60 * 60 * 1000;
/** Completing an upload gives it UPLOAD_TTL_MS more, but never beyond this after it was created. */
export const UPLOAD_MAX_LIFE_MS = 2 * 60 * 60 * 1000;
/** Quotes filled in faster than this are refused as automated (docs/quotes.md). */
export const MIN_FILL_TIME_MS = 3000;
/** The hidden honeypot field: people never see it, form-filling robots do. */
export const HONEYPOT_FIELD = "website";
export const FILL_TIME_FIELD = "fillTimeMs";
export const UPLOAD_IDS_FIELD = "uploadIds";
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
export const UPLOAD_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** What the file picker offers (docs/spec.md, Validation); the server checks content, not this. */
export const ATTACHMENT_ACCEPT = "image/*,.pdf,.doc,.docx";
