/**
 * What the server says when a limit refuses a visitor (docs/security.md, "Abuse limits"), shared with
 * the quote form, which tells by them which notice to show: too many quotes from one connection, or
 * too many files. Each already says what to do instead.
 */
export const QUOTE_QUOTA_MESSAGE =
  "We can't take more quote requests from your connection today. Please call us or message us on WhatsApp instead.";
export const CLIENT_FILES_QUOTA_MESSAGE =
  "We can't take more files from your connection today. Please call us or message us on WhatsApp instead.";
export const SITE_FILES_QUOTA_MESSAGE =
  "We can't take more files just now. Please call us or message us on WhatsApp instead.";

/** Which limit refused: more quotes, more files, or none (any other failure). */
export type QuotaRefusal = "quotes" | "files" | null;

export function quotaRefusal(status: number, message: string | undefined): QuotaRefusal {
  if (status === 429 && message === QUOTE_QUOTA_MESSAGE) return "quotes";
  if (
    (status === 429 && message === CLIENT_FILES_QUOTA_MESSAGE) ||
    (status === 503 && message === SITE_FILES_QUOTA_MESSAGE)
  )
    return "files";
  return null;
}
