/** Quote requests as the contact admin reads them (GET /api/admin/contact-submissions and attachments). */
import { contentDisposition, servedFileName } from "../uploads/file-types.ts";
import { HttpError } from "../http/http-error.ts";
import { adminNotifications } from "../mail/notification-state.ts";
import { reviewSummary } from "../follow-up/review-requests.ts";
import { isLeadStatus } from "../../../src/lib/lead-model.ts";
import { storedEstimate } from "../../../src/lib/price-guide/estimate.ts";
import { secureHeaders } from "../http/responses.ts";
import { openAttachment } from "../quote/attachment-store.ts";
import { isUuid } from "../http/uuid.ts";
import { readQuote, type QuoteRecord } from "../quote/quote-store.ts";

const ATTACHMENT_ID = /^[1-9]\d{0,2}$/;

export const attachmentUrl = (quoteId: string, attachmentId: string) =>
  `/api/admin/contact-submissions/${quoteId}/attachments/${attachmentId}`;

/** A submission as the admin API returns it (docs/http-contract.md, Admin). */
export function toAdminQuote(record: QuoteRecord) {
  return {
    id: record.id,
    createdAt: record.createdAt,
    reference: record.reference ?? null,
    firstName: record.firstName,
    lastName: record.lastName,
    email: record.email,
    phone: record.phone,
    serviceRequired: record.serviceRequired,
    message: record.message,
    attachments: record.attachments.map((attachment) => ({
      // What the owner sees and saves: visible characters, and the extension of the type found.
      name: servedFileName(attachment.name, attachment.type),
      size: attachment.size,
      type: attachment.type,
      url: attachmentUrl(record.id, attachment.id),
    })),
    status: isLeadStatus(record.status) ? record.status : "new",
    notes: record.notes ?? [],
    source: record.source ?? null,
    notifications: adminNotifications(record),
    /** The price guide range the visitor saw, and what the owner quoted (null when none). */
    estimate: storedEstimate(record.estimate) ?? null,
    quotedAmount: record.quotedAmount ?? null,
    quotedAt: record.quotedAt ?? null,
    statusChangedAt: record.statusChangedAt ?? null,
    /** The property's address as the visitor gave it with the request (null: not given). */
    address: record.address ?? null,
    review: reviewSummary(record),
  };
}

export type AdminQuoteBody = ReturnType<typeof toAdminQuote>;

/**
 * Images open in the browser; PDF and Word files download. A sandboxed response cannot run a PDF
 * viewer, and a PDF may carry script, so PDFs are not opened on the site's origin at all.
 */
const shownInline = (type: string) => type.startsWith("image/");

/**
 * An uploaded file is the visitor's content: it may run nothing, load nothing, never be framed and
 * is sandboxed into an opaque origin (docs/security.md, "Abuse limits": attachment answers).
 */
export const ATTACHMENT_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";

export async function attachmentResponse(quoteId: string, attachmentId: string): Promise<Response> {
  const notFound = new HttpError(404, "Attachment not found");
  if (!isUuid(quoteId) || !ATTACHMENT_ID.test(attachmentId)) throw notFound;
  const record = await readQuote(quoteId);
  const attachment = record?.attachments.find((item) => item.id === attachmentId);
  if (!attachment) throw notFound;
  const stored = await openAttachment(quoteId, attachmentId);
  if (!stored) throw notFound;
  return new Response(stored.stream, {
    headers: secureHeaders({
      "Content-Type": attachment.type,
      "Content-Length": String(attachment.size),
      "Content-Disposition": contentDisposition(
        shownInline(attachment.type) ? "inline" : "attachment",
        servedFileName(attachment.name, attachment.type),
      ),
      "Content-Security-Policy": ATTACHMENT_CONTENT_SECURITY_POLICY,
      "X-Frame-Options": "DENY",
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
      "Cross-Origin-Resource-Policy": "same-origin",
    }),
  });
}
