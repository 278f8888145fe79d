/**
 * The browser's call for the admin audit log (GET /api/admin/audit-log). Shipped to the browser:
 * no Node APIs, astro:* or React.
 */
import { apiError } from "../api-client";
import { SessionEndedError } from "./api";
import { parseAuditLog, type AuditEvent } from "./audit";

/** The newest events, newest first. */
export async function fetchAuditLog(): Promise<AuditEvent[]> {
  const response = await fetch("/api/admin/audit-log", { credentials: "include", cache: "no-store" });
  if (response.status === 401) throw new SessionEndedError();
  if (!response.ok) throw await apiError(response);
  return parseAuditLog(await response.json());
}
