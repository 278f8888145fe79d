/**
 * The admin audit log as GET /api/admin/audit-log returns it: who did what to the owner's data, with
 * no password, no address and no personal data beyond a lead's id.
 *
 * Shipped to the browser: keep it free of Node APIs, astro:* and React.
 */
export const AUDIT_EVENTS = [
  "sign-in",
  "sign-in-failed",
  "sign-in-slowed",
  "sign-out",
  "export",
  "erase",
  "retention-erase",
  "restore",
] as const;
export type AuditEventKind = (typeof AUDIT_EVENTS)[number];

export interface AuditEvent {
  /** ISO date and time. */
  at: string;
  event: AuditEventKind;
  /** The lead an erasure was about. */
  leadId?: string;
  /** Rows exported, or entries restored. */
  count?: number;
}

/** How many events the log answers with at most (newest first). */
export const AUDIT_LOG_LIMIT = 100;
/** Events older than this are deleted. */
export const AUDIT_RETENTION_DAYS = 365;

export const AUDIT_EVENT_LABELS: Record<AuditEventKind, string> = {
  "sign-in": "Signed in",
  "sign-in-failed": "Failed sign-in (wrong password)",
  "sign-in-slowed": "Sign-in slowed down for everyone after many failed attempts",
  "sign-out": "Signed out",
  export: "Leads exported as CSV",
  erase: "Lead deleted",
  "retention-erase": "Lead erased by the retention period",
  restore: "Backup restored",
};

export const isAuditEventKind = (value: unknown): value is AuditEventKind =>
  (AUDIT_EVENTS as readonly unknown[]).includes(value);

/** One line of the log as the desk shows it. */
export function describeAuditEvent(event: AuditEvent): string {
  const label = AUDIT_EVENT_LABELS[event.event];
  if (event.leadId) return `${label}: ${event.leadId}`;
  if (event.count === undefined) return label;
  const [one, many] = event.event === "restore" ? ["entry", "entries"] : ["lead", "leads"];
  return `${label} (${event.count} ${event.count === 1 ? one : many})`;
}

function isAuditEvent(value: unknown): value is AuditEvent {
  if (typeof value !== "object" || value === null) return false;
  const e = value as Record<string, unknown>;
  return (
    typeof e.at === "string" &&
    isAuditEventKind(e.event) &&
    (e.leadId === undefined || typeof e.leadId === "string") &&
    (e.count === undefined || typeof e.count === "number")
  );
}

/** The answer of GET /api/admin/audit-log, checked; throws when the server sent something else. */
export function parseAuditLog(body: unknown): AuditEvent[] {
  const events = (body as { events?: unknown } | null)?.events;
  if (!Array.isArray(events) || !events.every(isAuditEvent)) {
    throw new Error("The server sent the activity log in an unexpected format");
  }
  return events;
}
