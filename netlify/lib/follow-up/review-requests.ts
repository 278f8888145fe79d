/**
 * The review request of a completed job (docs/reviews.md): one e-mail when the lead first becomes
 * `completed`, one reminder REVIEW_REMINDER_DAYS after it was sent, then nothing; both stop when
 * the customer uses the unsubscribe link. They travel in the quote's outbox like the quote's own
 * e-mails (netlify/lib/mail/outbox.ts), so they are retried and shown in the lead desk the same way.
 *
 * The link carries the lead's id and a random token of its own for each e-mail, kept only as its
 * hash (netlify/lib/links/link-tokens.ts): a copy of the database stops no one's e-mails, and no
 * secret or password change breaks a link already sent.
 */
import { reviewReminderDueAt } from "../../../src/lib/follow-up/rules.ts";
import type { ReviewSummary } from "../../../src/lib/follow-up/review-status.ts";
import type { NotificationKind } from "../../../src/lib/notification-status.ts";
import { RETRY_WINDOW_MS, type NotificationState } from "../mail/notification-state.ts";
import type { QuoteRecord } from "../quote/quote-store.ts";
import { database } from "../database/database.ts";
import { iso } from "../http/iso-time.ts";
import { linkSubject } from "../links/link-tokens.ts";

/** The public page and one-click endpoint that stops a lead's review e-mails. */
export const UNSUBSCRIBE_PATH = "/review-emails/stop";

/** The link's token: 18 random bytes, 24 URL-safe characters. */
export const REVIEW_TOKEN_BYTES = 18;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{24}$/;

export const isReviewKind = (kind: NotificationKind) => kind === "review" || kind === "reminder";

export function hasReviewRequest(record: Pick<QuoteRecord, "notifications">): boolean {
  return (record.notifications ?? []).some((n) => n.kind === "review");
}

export function reviewRequestNotification(now: number): NotificationState {
  return { kind: "review", status: "pending", attempts: 0, giveUpAt: iso(now + RETRY_WINDOW_MS) };
}

/** The reminder of a request sent at `sentAt`: pending, not tried before its day. */
export function reminderNotification(sentAt: string): NotificationState {
  const due = reviewReminderDueAt(sentAt);
  return {
    kind: "reminder",
    status: "pending",
    attempts: 0,
    nextAttemptAt: due,
    giveUpAt: iso(Date.parse(due) + RETRY_WINDOW_MS),
  };
}

/**
 * The notifications after one of them was settled: when the request has just been sent, its one
 * reminder is added (unless the customer has stopped review e-mails or a reminder exists).
 */
export function withReminder(record: QuoteRecord, notifications: NotificationState[]): NotificationState[] {
  const request = notifications.find((n) => n.kind === "review");
  if (request?.status !== "sent" || !request.sentAt) return notifications;
  if (record.review?.optedOutAt || notifications.some((n) => n.kind === "reminder")) return notifications;
  return [...notifications, reminderNotification(request.sentAt)];
}

/** A review e-mail that will never be sent: the customer stopped review e-mails. */
export function cancelReview(n: NotificationState): NotificationState {
  const { nextAttemptAt: _next, lease: _lease, ...rest } = n;
  return { ...rest, status: "cancelled", error: "The customer stopped review e-mails" };
}

/**
 * Review e-mails not yet sent become `cancelled`. One being sent right now (a live lease) is left
 * to its sender; should that send fail, the next claim cancels it.
 */
export function cancelPendingReviews(notifications: NotificationState[], now: number): NotificationState[] {
  return notifications.map((n) =>
    isReviewKind(n.kind) && n.status === "pending" && !(n.lease && Date.parse(n.lease.until) > now)
      ? cancelReview(n)
      : n,
  );
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
