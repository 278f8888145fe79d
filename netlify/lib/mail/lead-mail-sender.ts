/**
 * Sending a lead's own e-mails right after the change that queued them: the quote's two after the
 * visitor's 201, the review request after the owner's `completed`, and what the owner's retry made
 * due. Only their templates (emails/quote-emails.tsx, emails/review-emails.tsx) are reachable from
 * here, so the quote's function never bundles the written quote's PDF and fonts; the scheduled
 * sender (mail-jobs.ts) sends them with every other kind.
 */
import type { Queryable } from "../database/database.ts";
import { LEAD_MAIL_KINDS, queueReviewReminder } from "./lead-mail.ts";
import type { MailJob, MailRenderer } from "./mail-job.ts";
import { FIRST_SEND_TIMEOUT_MS, sendDue, type Templates } from "./mail-sender.ts";

const quote = (kind: string) => async () =>
  (await import("./emails/quote-emails.tsx")).QUOTE_RENDERERS[kind]!;
const review = (kind: string) => async () =>
  (await import("./emails/review-emails.tsx")).REVIEW_RENDERERS[kind]!;

/** The templates of a lead's own e-mails (docs/email.md, docs/reviews.md). */
export const LEAD_MAIL_RENDERERS: Record<string, () => Promise<MailRenderer>> = {
  owner: quote("owner"),
  receipt: quote("receipt"),
  review: review("review"),
  reminder: review("reminder"),
};

/** A review request once sent queues its one reminder, in the transaction that records the send. */
export const LEAD_AFTER_SENT: Templates["afterSent"] = {
  review: (client: Queryable, job: MailJob, sentAt: number) =>
    queueReviewReminder(client, job.leadId, sentAt),
};

/** Sends the lead's own e-mails that are due now. Never throws: what failed is in the rows. */
export async function deliverLeadMail(leadId: string, timeoutMs = FIRST_SEND_TIMEOUT_MS): Promise<void> {
  await sendDue(
    { renderers: LEAD_MAIL_RENDERERS, afterSent: LEAD_AFTER_SENT },
    { leadId, kinds: LEAD_MAIL_KINDS, timeoutMs },
  );
}
