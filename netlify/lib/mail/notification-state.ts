/**
 * How the e-mails of a quote stand, as the quote record carries them (docs/email.md): the state of
 * its rows of the outbox (lead-mail.ts). Light on purpose: the quote and admin functions import it;
 * the sending machinery (mail-jobs.ts) loads only when something is sent.
 */
import type {
  AdminNotification,
  NotificationKind,
  NotificationStatus,
} from "../../../src/lib/notification-status.ts";
import { OWNER_EMAILS_PER_HOUR, type MailPlan } from "../limits/mail-limits.ts";

export interface NotificationState {
  kind: NotificationKind;
  status: NotificationStatus;
  /** Sends started so far. */
  attempts: number;
  /** When the server accepted it (status "sent"). */
  sentAt?: string;
  /** Why the last attempt failed, or why it was cancelled. */
  error?: string;
  /** A pending e-mail is not tried before this time (a retry's backoff, or a reminder's day). */
  nextAttemptAt?: string;
  /** After this time a pending e-mail that still fails is given up ("failed"). */
  giveUpAt: string;
  /** Why it was skipped, or how it goes out (in a summary), in words for the owner. */
  reason?: string;
  /** The owner's copy goes in the summary of this clock hour (`yyyy-mm-ddThh`, UTC), not on its own. */
  summaryHour?: string;
}

/** The e-mails every new quote starts with. */
export const QUOTE_NOTIFICATION_KINDS: readonly NotificationKind[] = ["owner", "receipt"];
/** Pending e-mails are retried until this long after they were due (or after an admin retry). */
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** When a lead's owner e-mail waits for the hourly summary: said to the owner in the desk. */
export const SUMMARY_REASON = `more than ${OWNER_EMAILS_PER_HOUR} leads arrived in this hour, so it goes in the summary e-mail after it`;
export const SENT_IN_SUMMARY_REASON = "in the hourly summary e-mail";

/** The notifications a new quote starts with: both e-mails pending, unless the mail limits say otherwise. */
export function initialNotifications(createdAt: string, plan: MailPlan = {}): NotificationState[] {
  const giveUpAt = new Date(Date.parse(createdAt) + RETRY_WINDOW_MS).toISOString();
  return QUOTE_NOTIFICATION_KINDS.map((kind): NotificationState => {
    const state: NotificationState = { kind, status: "pending", attempts: 0, giveUpAt };
    if (kind === "receipt" && plan.receiptSkipped)
      return { ...state, status: "skipped", reason: plan.receiptSkipped };
    if (kind === "owner" && plan.ownerSummaryHour)
      return { ...state, summaryHour: plan.ownerSummaryHour, reason: SUMMARY_REASON };
    return state;
  });
}

/** What the admin screen sees of a notification: no retry timers; a reminder's day. */
export function adminNotifications(record: { notifications?: NotificationState[] }): AdminNotification[] {
  return (record.notifications ?? []).map(
    ({ kind, status, attempts, sentAt, error, reason, nextAttemptAt }) => ({
      kind,
      status,
      attempts,
      ...(sentAt ? { sentAt } : {}),
      ...(error ? { error } : {}),
      ...(reason ? { reason } : {}),
      ...(kind === "reminder" && status === "pending" && attempts === 0 && nextAttemptAt
        ? { dueAt: nextAttemptAt }
        : {}),
    }),
  );
}
