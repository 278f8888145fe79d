/**
 * The e-mails of a quote as GET /api/admin/contact-submissions shows them (DESIGN.md §9): the
 * owner's copy and the customer's receipt, and once the job is completed the review request and
 * its reminder (docs/reviews.md).
 * Shipped to the browser: keep it free of Node APIs, astro:* and React.
 */
export const NOTIFICATION_KINDS = ["owner", "receipt", "review", "reminder"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** `cancelled`: never to be sent (the customer stopped review e-mails before it went). */
export const NOTIFICATION_STATUSES = ["pending", "sent", "failed", "cancelled"] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

export interface AdminNotification {
  kind: NotificationKind;
  status: NotificationStatus;
  attempts: number;
  sentAt?: string;
  error?: string;
  /** A reminder waiting for its day: when it goes. */
  dueAt?: string;
}

/** GET /api/admin/notifications: whether the site can send e-mail at all. */
export interface EmailStatus {
  configured: boolean;
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
    optionalString(n.dueAt)
  );
}

/** True when `value` is absent (older quotes) or a list of notifications. */
export function isNotificationList(value: unknown): value is AdminNotification[] | null | undefined {
  return value === undefined || value === null || (Array.isArray(value) && value.every(isNotification));
}

export const hasFailedNotification = (notifications: AdminNotification[] | undefined) =>
  (notifications ?? []).some((notification) => notification.status === "failed");
