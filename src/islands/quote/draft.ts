/**
 * What the visitor typed, kept in localStorage until the quote is sent, so a reload loses nothing.
 * Files are never kept. Storage may be unavailable (private mode, full): then there is no draft.
 * A draft left untouched for DRAFT_MAX_AGE_MS is deleted when the form next loads: a name, phone
 * number and message should not sit in a shared computer's browser for months.
 */
import type { QuoteFields } from "../../lib/quote/rules";
import { QUOTE_FORM_FIELD_NAMES } from "./quote-fields";

const DRAFT_KEY = "quote-request-draft";
export const DRAFT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export interface QuoteDraft {
  values: QuoteFields;
  /** When the visitor started this quote (ms since epoch, browser clock): the fill time counts from here. */
  startedAt: number;
}

export const emptyValues = (): QuoteFields =>
  Object.fromEntries(QUOTE_FORM_FIELD_NAMES.map((name) => [name, ""])) as QuoteFields;

/** As stored: the draft and when it was last saved (ms since epoch, browser clock). */
interface StoredDraft extends QuoteDraft {
  savedAt: number;
}

export function loadDraft(now = Date.now()): QuoteDraft | null {
  try {
    const raw = window.localStorage.getItem(DRAFT_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredDraft>;
    // Drafts saved before they carried a date count from when they were started.
    const savedAt = typeof parsed.savedAt === "number" ? parsed.savedAt : parsed.startedAt;
    if (typeof savedAt !== "number" || now - savedAt > DRAFT_MAX_AGE_MS) {
      clearDraft();
      return null;
    }
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

export function saveDraft(draft: QuoteDraft, now = Date.now()): void {
  try {
    const stored: StoredDraft = { ...draft, savedAt: now };
    window.localStorage.setItem(DRAFT_KEY, JSON.stringify(stored));
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
