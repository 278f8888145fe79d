/**
 * The quote form's send (docs/spec.md, Validation; docs/uploads.md): uploads the chosen files that are not yet
 * uploaded, then posts the quote with their upload ids. Plain TypeScript, no React.
 */
import type { LeadAddress } from "../../lib/quote/address";
import { QUOTE_FIELD_NAMES, type QuoteFieldErrors } from "../../lib/quote/rules";
import {
  FILL_TIME_FIELD,
  HONEYPOT_FIELD,
  IDEMPOTENCY_HEADER,
  UPLOAD_IDS_FIELD,
} from "../../lib/quote/upload";
import { quotaRefusal, type QuotaRefusal } from "../../lib/quote/quota-messages";
import { readVisitSource, SOURCE_FIELD } from "../../lib/visit-source";
import type { QuoteFields } from "../../lib/quote/rules";
import { readGuideEstimate } from "./estimate";
import { QuoteSendError, uploadFile } from "./upload-client";

/** A file chosen for the quote; `uploadId` once uploaded, so a retried send skips it. */
export interface PendingFile {
  file: File;
  uploadId?: string;
}

export interface QuoteToSend<F extends PendingFile> {
  values: QuoteFields;
  /** The property's address, checked (src/lib/quote/address.ts); null when not given. */
  address: LeadAddress | null;
  files: readonly F[];
  honeypot: string;
  /** When the visitor began filling the form in (ms since epoch), if known. */
  startedAt: number | null;
  idempotencyKey: string;
  /** Bytes of `file` sent so far. */
  onProgress: (file: F, sent: number) => void;
  /** `file` is uploaded under `uploadId`. */
  onUploaded: (file: F, uploadId: string) => void;
}

/** Sends the quote; resolves to the quote's reference ("" when the answer has none). */
export async function submitQuote<F extends PendingFile>(quote: QuoteToSend<F>): Promise<string> {
  const body = new FormData();
  for (const name of QUOTE_FIELD_NAMES) body.append(name, quote.values[name]);
  if (quote.address) {
    body.append("addressLine1", quote.address.line1);
    body.append("town", quote.address.town);
    body.append("postcode", quote.address.postcode);
  }
  for (const item of quote.files) {
    const uploadId = item.uploadId ?? (await uploadFile(item.file, (sent) => quote.onProgress(item, sent)));
    quote.onUploaded(item, uploadId);
    body.append(UPLOAD_IDS_FIELD, uploadId);
  }
  body.append(HONEYPOT_FIELD, quote.honeypot);
  body.append(FILL_TIME_FIELD, String(Date.now() - (quote.startedAt ?? Date.now())));
  const source = readVisitSource();
  if (source) body.append(SOURCE_FIELD, source);
  const estimate = readGuideEstimate();
  if (estimate) body.append("estimate", estimate);
  const response = await fetch("/api/contact", {
    method: "POST",
    body,
    credentials: "include",
    headers: { [IDEMPOTENCY_HEADER]: quote.idempotencyKey },
  });
  if (!response.ok) {
    const answer = (await response.json().catch(() => null)) as {
      error?: unknown;
      fieldErrors?: QuoteFieldErrors;
    } | null;
    const said = typeof answer?.error === "string" ? answer.error : undefined;
    throw new QuoteSendError(
      response.status,
      `HTTP error! status: ${response.status}`,
      answer?.fieldErrors,
      said,
    );
  }
  const answer = (await response.json()) as { reference?: unknown };
  return typeof answer.reference === "string" ? answer.reference : "";
}

/**
 * Which limit refused the send, if one did: the quote quota or the attachment quotas refuse for
 * hours, so the visitor should call instead of retrying.
 */
export const quotaRefusalOf = (error: unknown): QuotaRefusal =>
  error instanceof QuoteSendError ? quotaRefusal(error.status, error.serverMessage ?? error.message) : null;

/** What a failed send means for the form, from the error `submitQuote` threw. */
export interface QuoteFailure {
  message: string;
  /** The server's message per field, when it refused the quote with them. */
  fieldErrors?: QuoteFieldErrors;
  /** The server no longer knows the uploads (404, 410): the next try uploads the files again. */
  uploadsLost: boolean;
  /** The limit that refused (see quotaRefusalOf), or null. */
  quota: QuotaRefusal;
}

export function describeFailure(error: unknown): QuoteFailure {
  const refused = error instanceof QuoteSendError ? error : undefined;
  return {
    message: error instanceof Error ? error.message : String(error),
    fieldErrors: refused?.fieldErrors,
    uploadsLost: refused?.status === 404 || refused?.status === 410,
    quota: quotaRefusalOf(error),
  };
}
