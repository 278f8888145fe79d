/**
 * The quote form's state and the handle its actions work with: types shared by the form's hook
 * (use-quote-form.ts), its actions (quote-form-actions.ts) and the pieces loaded later, kept apart
 * so none of them imports another's module for a type.
 */
import type { RefObject } from "react";
import type { QuotaRefusal } from "../../lib/quote/quota-messages";
import type { QuoteFieldErrors, QuoteFieldName, QuoteFields } from "../../lib/quote/rules";

/** A file the visitor chose, with its upload progress. */
export interface ChosenFile {
  key: string;
  file: File;
  sent: number;
  /** Set once the file is uploaded, so a retried send does not upload it again. */
  uploadId?: string;
}

export type QuoteStatus = "editing" | "sending" | "sent";

export interface QuoteFormState {
  values: QuoteFields;
  /** When the visitor started this quote (ms since epoch, browser clock): the fill time counts from here. */
  startedAt: number | null;
  touched: Partial<Record<QuoteFieldName, boolean>>;
  submitAttempted: boolean;
  serverErrors: QuoteFieldErrors;
  files: ChosenFile[];
  status: QuoteStatus;
  /** The quote reference from the 201 answer, shown on the Thank You panel. */
  reference: string;
  /** A limit refused the send (more quotes, or more files): the visitor should call or WhatsApp instead. */
  refused: QuotaRefusal;
}

export type QuoteFormChange = Partial<QuoteFormState> | ((state: QuoteFormState) => Partial<QuoteFormState>);

/** What the form's actions (./quote-form-actions.ts) work with. */
export interface QuoteFormHandle {
  /** The state when the action began. */
  state: QuoteFormState;
  change: (change: QuoteFormChange) => void;
  form: RefObject<HTMLFormElement | null>;
  /** Kept across failed sends of one quote, so the server takes it once. */
  idempotencyKey: { current: string };
}
