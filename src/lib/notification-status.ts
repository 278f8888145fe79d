/**
 * The e-mails of a quote as GET /api/admin/contact-submissions shows them (docs/email.md).
 * Shipped to the browser: keep it free of Node APIs, astro:* and React.
 */
export interface AdminNotification {
  kind: "owner" | "receipt";
  status: "pending" | "sent" | "failed";
  attempts: number;
  sentAt?: string;
  error?: string;
}

/** GET /api/admin/notifications: whether the site can send e-mail at all. */
export interface EmailStatus {
  configured: boolean;
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
    (n.status === "pending" || n.status === "sent" || n.status === "failed") &&
    typeof n.attempts === "number" &&
    (n.sentAt === undefined || typeof n.sentAt === "string") &&
    (n.error === undefined || typeof n.error === "string")
  );
}

/** True when `value` is absent (older quotes) or a list of notifications. */
export function isNotificationList(value: unknown): value is AdminNotification[] | null | undefined {
  return value === undefined || value === null || (Array.isArray(value) && value.every(isNotification));
}

export const hasFailedNotification = (notifications: AdminNotification[] | undefined) =>
  (notifications ?? []).some((notification) => notification.status === "failed");
