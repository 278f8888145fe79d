/**
 * The e-mails of a quote as GET /api/admin/contact-submissions shows them (docs/email.md): the
 * owner's copy and the customer's receipt, and once the job is completed the review request and
 * its reminder (docs/reviews.md).
 * Shipped to the browser: keep it free of Node APIs, astro:* and React.
 */
export const NOTIFICATION_KINDS = ["owner", "receipt", "review", "reminder"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * `cancelled`: never to be sent (the customer stopped review e-mails before it went); `skipped`: a
 * mail limit kept it from being sent (`reason` says which).
 */
export const NOTIFICATION_STATUSES = ["pending", "sent", "failed", "cancelled", "skipped"] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

export interface AdminNotification {
  kind: NotificationKind;
  status: NotificationStatus;
  attempts: number;
  sentAt?: string;
  error?: string;
  /** A reminder waiting for its day: when it goes. */
  dueAt?: string;
  /** Why it was skipped, or how it goes out (the hourly summary), in words for the owner. */
  reason?: string;
}

/** GET /api/admin/notifications: whether the site can send e-mail at all, and what is wrong if not. */
export interface EmailStatus {
  configured: boolean;
  /** A problem with the site's mail settings that stops every e-mail (e.g. the login is refused). */
  problem?: string;
}

export const NOTIFICATION_LABELS: Record<NotificationKind, string> = {
  owner: "E-mail to you",
  receipt: "Receipt to the customer",
  review: "Review request to the customer",
  reminder: "Review reminder to the customer",
};

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === "string" && (list as readonly string[]).includes(value);

const optionalString = (value: unknown) => value === undefined || typeof value === "string";

function isNotification(value: unknown): value is AdminNotification {
  if (typeof value !== "object" || value === null) return false;
  const n = value as Record<string, unknown>;
  return (
    isOneOf(NOTIFICATION_KINDS, n.kind) &&
    isOneOf(NOTIFICATION_STATUSES, n.status) &&
    typeof n.attempts === "number" &&
    optionalString(n.sentAt) &&
    optionalString(n.error) &&
    optionalString(n.dueAt) &&
    optionalString(n.reason)
  );
}

/** True when `value` is absent (older quotes) or a list of notifications. */
export function isNotificationList(value: unknown): value is AdminNotification[] | null | undefined {
  return value === undefined || value === null || (Array.isArray(value) && value.every(isNotification));
}

export const hasFailedNotification = (notifications: AdminNotification[] | undefined) =>
  (notifications ?? []).some((notification) => notification.status === "failed");
