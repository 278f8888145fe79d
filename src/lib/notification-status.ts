/**
 * The e-mails of a quote as GET /api/admin/contact-submissions shows them (docs/email.md).
 * Shipped to the browser: keep it free of Node APIs, astro:* and React.
 */
export interface AdminNotification {
  kind: "owner" | "receipt";
  /** `skipped`: a mail limit kept it from being sent (`reason` says which). */
  status: "pending" | "sent" | "failed" | "skipped";
  attempts: number;
  sentAt?: string;
  error?: string;
  /** Why it was skipped, or how it goes out (the hourly summary), in words for the owner. */
  reason?: string;
}

/** GET /api/admin/notifications: whether the site can send e-mail at all, and what is wrong if not. */
export interface EmailStatus {
  configured: boolean;
  /** A problem with the site's mail settings that stops every e-mail (e.g. the login is refused). */
  problem?: string;
}

export const NOTIFICATION_LABELS: Record<AdminNotification["kind"], string> = {
  owner: "E-mail to you",
  receipt: "Receipt to the customer",
};

function isNotification(value: unknown): value is AdminNotification {
  if (typeof value !== "object" || value === null) return false;
  const n = value as Record<string, unknown>;
  return (
    (n.kind === "owner" || n.kind === "receipt") &&
    (n.status === "pending" || n.status === "sent" || n.status === "failed" || n.status === "skipped") &&
    typeof n.attempts === "number" &&
    (n.sentAt === undefined || typeof n.sentAt === "string") &&
    (n.error === undefined || typeof n.error === "string") &&
    (n.reason === undefined || typeof n.reason === "string")
  );
}

/** True when `value` is absent (older quotes) or a list of notifications. */
export function isNotificationList(value: unknown): value is AdminNotification[] | null | undefined {
  return value === undefined || value === null || (Array.isArray(value) && value.every(isNotification));
}

export const hasFailedNotification = (notifications: AdminNotification[] | undefined) =>
  (notifications ?? []).some((notification) => notification.status === "failed");
