/**
 * What the visitor typed, kept in localStorage until the quote is sent, so a reload loses nothing.
 * Files are never kept. Storage may be unavailable (private mode, full): then there is no draft.
 */
import type { QuoteFields } from "../../lib/quote/rules";
import { QUOTE_FORM_FIELD_NAMES } from "./quote-fields";

const DRAFT_KEY = "quote-request-draft";

export interface QuoteDraft {
  values: QuoteFields;
  /** When the visitor started this quote (ms since epoch, browser clock): the fill time counts from here. */
  startedAt: number;
}

export const emptyValues = (): QuoteFields =>
  Object.fromEntries(QUOTE_FORM_FIELD_NAMES.map((name) => [name, ""])) as QuoteFields;

export function loadDraft(): QuoteDraft | null {
  try {
    const raw = window.localStorage.getItem(DRAFT_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<QuoteDraft>;
    const values = emptyValues();
    for (const name of QUOTE_FORM_FIELD_NAMES) {
      const value = parsed.values?.[name];
      if (typeof value === "string") values[name] = value;
    }
    const startedAt = typeof parsed.startedAt === "number" ? parsed.startedAt : Date.now();
    return { values, startedAt };
  } catch {
    return null;
  }
}

export function saveDraft(draft: QuoteDraft): void {
  try {
    window.localStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // No storage: the form still works, only without a draft.
  }
}

export function clearDraft(): void {
  try {
    window.localStorage.removeItem(DRAFT_KEY);
  } catch {
    // Nothing to clear.
  }
}
