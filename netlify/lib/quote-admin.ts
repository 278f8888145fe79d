/** Quote requests as the contact admin reads them (GET /api/admin/contact-submissions and attachments). */
import { contentDisposition } from "./file-types.ts";
import { HttpError } from "./http-error.ts";
import { adminNotifications } from "./notification-state.ts";
import { listSubmissions, openAttachment, readSubmission } from "./submissions-store.ts";

const SUBMISSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ATTACHMENT_ID = /^[1-9]\d{0,2}$/;

export const isSubmissionId = (value: string) => SUBMISSION_ID.test(value);

export const attachmentUrl = (submissionId: string, attachmentId: string) =>
  `/api/admin/contact-submissions/${submissionId}/attachments/${attachmentId}`;

export async function listAdminSubmissions() {
  const records = await listSubmissions();
  return records.map((record) => ({
    id: record.id,
    createdAt: record.createdAt,
    firstName: record.firstName,
    lastName: record.lastName,
    email: record.email,
    phone: record.phone,
    serviceRequired: record.serviceRequired,
    message: record.message,
    attachments: record.attachments.map((attachment) => ({
      name: attachment.name,
      size: attachment.size,
      type: attachment.type,
      url: attachmentUrl(record.id, attachment.id),
    })),
    ...(record.reference ? { reference: record.reference } : {}),
    notifications: adminNotifications(record),
  }));
}

/** Images and PDF open in the browser; Word files download. */
const shownInline = (type: string) => type.startsWith("image/") || type === "application/pdf";

export async function attachmentResponse(submissionId: string, attachmentId: string): Promise<Response> {
  const notFound = new HttpError(404, "Attachment not found");
  if (!SUBMISSION_ID.test(submissionId) || !ATTACHMENT_ID.test(attachmentId)) throw notFound;
  const record = await readSubmission(submissionId);
  const attachment = record?.attachments.find((item) => item.id === attachmentId);
  if (!attachment) throw notFound;
  const stored = await openAttachment(submissionId, attachmentId);
  if (!stored) throw notFound;
  return new Response(stored.stream, {
    headers: {
      "Content-Type": attachment.type,
      "Content-Length": String(attachment.size),
      "Content-Disposition": contentDisposition(
        shownInline(attachment.type) ? "inline" : "attachment",
        attachment.name,
      ),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
      "Cross-Origin-Resource-Policy": "same-origin",
    },
  });
}
