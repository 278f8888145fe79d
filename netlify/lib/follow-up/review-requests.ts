/**
 * The review request of a completed job (docs/reviews.md): one e-mail when the lead first becomes
 * `completed` — or, when the job's invoice is still to be paid then, once it is paid — one reminder REVIEW_REMINDER_DAYS after it was sent, then nothing; both stop when
 * the customer uses the unsubscribe link. They are mail jobs like the quote's own e-mails
 * (netlify/lib/mail/lead-mail.ts), so they are retried and shown in the lead desk the same way.
 *
 * The link carries the lead's id and a random token of its own for each e-mail, kept only as its
 * hash (netlify/lib/links/link-tokens.ts): a copy of the database stops no one's e-mails, and no
 * secret or password change breaks a link already sent.
 */
import type { ReviewSummary } from "../../../src/lib/follow-up/review-status.ts";
import { RETRY_WINDOW_MS, type NotificationState } from "../mail/notification-state.ts";
import type { QuoteRecord } from "../quote/quote-store.ts";
import { database, type Queryable } from "../database/database.ts";
import { iso } from "../http/iso-time.ts";
import { linkSubject } from "../links/link-tokens.ts";
import { queueLeadMail } from "../mail/lead-mail.ts";

/** The public page and one-click endpoint that stops a lead's review e-mails. */
export const UNSUBSCRIBE_PATH = "/review-emails/stop";

/** The link's token: 18 random bytes, 24 URL-safe characters. */
export const REVIEW_TOKEN_BYTES = 18;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{24}$/;

export function hasReviewRequest(record: Pick<QuoteRecord, "notifications">): boolean {
  return (record.notifications ?? []).some((n) => n.kind === "review");
}

export function reviewRequestNotification(now: number): NotificationState {
  return { kind: "review", status: "pending", attempts: 0, giveUpAt: iso(now + RETRY_WINDOW_MS) };
}

/**
 * The invoice of a completed job is paid in full: the review request that waited for it is queued,
 * once (a payment voided and recorded again asks nothing more). Inside the payment's transaction,
 * under the lead's row lock; nothing when the lead is not completed or was asked already.
 */
export async function askForReviewOncePaid(client: Queryable, leadId: string, now: number): Promise<void> {
  const { rowCount } = await client.query(
    `UPDATE leads SET review_requested = true, version = version + 1
      WHERE id = $1 AND completed_at IS NOT NULL AND NOT review_requested
        AND NOT EXISTS (SELECT 1 FROM mail_jobs WHERE lead_id = $1 AND kind = 'review')`,
    [leadId],
  );
  if (rowCount) await queueLeadMail(client, leadId, reviewRequestNotification(now), now);
}

/** The desk's view of the review request; null when the lead has never been completed. */
export function reviewSummary(record: QuoteRecord): ReviewSummary | null {
  const notifications = record.notifications ?? [];
  const request = notifications.find((n) => n.kind === "review");
  if (!request || !record.completedAt) return null;
  const reminder = notifications.find((n) => n.kind === "reminder");
  const summary: ReviewSummary = { state: "pending", completedAt: record.completedAt };
  if (request.sentAt) summary.sentAt = request.sentAt;
  if (reminder?.status === "pending" && reminder.nextAttemptAt)
    summary.reminderDueAt = reminder.nextAttemptAt;
  if (reminder?.sentAt) summary.remindedAt = reminder.sentAt;
  const failed = [request, reminder].find((n) => n?.status === "failed");
  if (record.review?.optedOutAt) {
    summary.state = "opted-out";
    summary.optedOutAt = record.review.optedOutAt;
    delete summary.reminderDueAt;
  } else if (failed) {
    summary.state = "failed";
    if (failed.error) summary.error = failed.error;
  } else if (reminder?.status === "sent") summary.state = "reminded";
  else if (request.status === "sent") summary.state = "sent";
  return summary;
}

/** The unsubscribe link of a lead's review e-mails (List-Unsubscribe and the footer link). */
export function unsubscribeUrl(siteUrl: string, id: string, token: string): string {
  const query = new URLSearchParams({ lead: id, token });
  return `${siteUrl}${UNSUBSCRIBE_PATH}?${query.toString()}`;
}

/** Whether `token` is a token of lead `id`'s unsubscribe links. */
export async function tokenMatches(id: string, token: string): Promise<boolean> {
  if (!TOKEN_PATTERN.test(token)) return false;
  return (await linkSubject(database(), "review", token)) === id;
}
