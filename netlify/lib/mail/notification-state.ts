/**
 * How the e-mails of a quote stand, as stored in the quote record (DESIGN.md §9). Light on purpose:
 * the quote and admin functions import it; the sending machinery (outbox.ts) loads only when
 * something is sent.
 */
import type {
  AdminNotification,
  NotificationKind,
  NotificationStatus,
} from "../../../src/lib/notification-status.ts";

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
  /** A sender is on it until `until`: nobody else sends it meanwhile. */
  lease?: { id: string; until: string };
}

/** The e-mails every new quote starts with. */
export const QUOTE_NOTIFICATION_KINDS: readonly NotificationKind[] = ["owner", "receipt"];
/** Pending e-mails are retried until this long after they were due (or after an admin retry). */
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The notifications a new quote starts with: both e-mails pending. */
export function initialNotifications(createdAt: string): NotificationState[] {
  const giveUpAt = new Date(Date.parse(createdAt) + RETRY_WINDOW_MS).toISOString();
  return QUOTE_NOTIFICATION_KINDS.map((kind) => ({ kind, status: "pending", attempts: 0, giveUpAt }));
}

/** What the admin screen sees of a notification: no leases, no retry timers; a reminder's day. */
export function adminNotifications(record: { notifications?: NotificationState[] }): AdminNotification[] {
  return (record.notifications ?? []).map(({ kind, status, attempts, sentAt, error, nextAttemptAt }) => ({
    kind,
    status,
    attempts,
    ...(sentAt ? { sentAt } : {}),
    ...(error ? { error } : {}),
    ...(kind === "reminder" && status === "pending" && attempts === 0 && nextAttemptAt
      ? { dueAt: nextAttemptAt }
      : {}),
  }));
}
