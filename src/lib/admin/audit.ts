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
  "accounts-csv-export",
  "accounts-xero-export",
  "accounts-payments-export",
  "erase",
  "retention-erase",
  "bulk-erase",
  "retention-accounts",
  "restore",
  "quote-sent",
  "payment-recorded",
  "payment-voided",
  "refund-confirmed",
  "invoice-issued",
  "certificate-issued",
  "credit-note-issued",
  "person-added",
  "person-removed",
  "passkey-added",
  "session-ended",
] as const;
export type AuditEventKind = (typeof AUDIT_EVENTS)[number];

export interface AuditEvent {
  /** ISO date and time. */
  at: string;
  event: AuditEventKind;
  /** The lead an erasure or a money event was about. */
  leadId?: string;
  /** The document a money event concerns: a quote, receipt, invoice, credit note or certificate number. */
  document?: string;
  /** Rows exported, entries restored, or failed sign-ins counted in this one entry. */
  count?: number;
  /** The admin session that acted: a short tag of it (never its cookie). */
  session?: string;
  /** The person whose session acted, by name (docs/staff.md). */
  by?: string;
}

/** How many events the log answers with at most (newest first). */
export const AUDIT_LOG_LIMIT = 100;
/** Events older than this are deleted (at least the 90 days a review of an incident needs). */
export const AUDIT_RETENTION_DAYS = 365;
/** Failed sign-ins from one client within this window are one entry with a count. */
export const FAILED_SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

export const AUDIT_EVENT_LABELS: Record<AuditEventKind, string> = {
  "sign-in": "Signed in",
  "sign-in-failed": "Failed sign-in (wrong password)",
  "sign-in-slowed": "Sign-in slowed down for everyone after many failed attempts",
  "sign-out": "Signed out",
  export: "Leads exported as CSV",
  "accounts-csv-export": "Invoices and payments exported for the accountant (CSV)",
  "accounts-xero-export": "Invoices exported for the accountant (Xero file)",
  "accounts-payments-export": "Payments exported for the accountant (CSV)",
  erase: "Lead deleted",
  "retention-erase": "Lead erased by the retention period",
  "bulk-erase": "Leads of one source or time erased (a clean-up after a flood)",
  "retention-accounts": "Erased customers' accounting records deleted at the end of their retention period",
  restore: "Backup restored",
  "quote-sent": "Quote sent",
  "payment-recorded": "Payment recorded, receipt issued",
  "payment-voided": "Payment voided",
  "refund-confirmed": "Refund confirmed on quote",
  "invoice-issued": "Invoice issued",
  "certificate-issued": "Guarantee certificate issued",
  "credit-note-issued": "Credit note issued",
  "person-added": "Person added to the desk",
  "person-removed": "Person removed from the desk",
  "passkey-added": "Passkey added",
  "session-ended": "Someone's session ended by the owner",
};

export const isAuditEventKind = (value: unknown): value is AuditEventKind =>
  (AUDIT_EVENTS as readonly unknown[]).includes(value);

/** One line of the log as the desk shows it. */
export function describeAuditEvent(event: AuditEvent): string {
  const label = AUDIT_EVENT_LABELS[event.event];
  const by = event.session ? ` (${event.by ? `${event.by}, ` : ""}session ${event.session})` : "";
  if (event.document) return `${label} ${event.document}${event.leadId ? `: ${event.leadId}` : ""}${by}`;
  if (event.leadId) return `${label}: ${event.leadId}${by}`;
  if (event.count === undefined) return `${label}${by}`;
  const [one, many] =
    event.event === "restore"
      ? ["entry", "entries"]
      : event.event === "sign-in-failed"
        ? ["attempt", "attempts"]
        : event.event === "retention-accounts"
          ? ["record", "records"]
          : ["lead", "leads"];
  return `${label} (${event.count} ${event.count === 1 ? one : many})${by}`;
}

function isAuditEvent(value: unknown): value is AuditEvent {
  if (typeof value !== "object" || value === null) return false;
  const e = value as Record<string, unknown>;
  return (
    typeof e.at === "string" &&
    isAuditEventKind(e.event) &&
    (e.leadId === undefined || typeof e.leadId === "string") &&
    (e.document === undefined || typeof e.document === "string") &&
    (e.count === undefined || typeof e.count === "number") &&
    (e.session === undefined || typeof e.session === "string")
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
