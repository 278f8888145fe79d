/**
 * The lead desk's call for what needs the owner (GET /api/admin/follow-ups).
 * Shipped to the browser: no Node APIs, astro:* or React.
 */
import { SessionEndedError } from "../admin/api";
import { apiError } from "../api-client";
import type { FollowUpGroup, FollowUps } from "./follow-ups";

export const FOLLOW_UPS_API = "/api/admin/follow-ups";

function isGroup(value: unknown): value is FollowUpGroup {
  if (typeof value !== "object" || value === null) return false;
  const group = value as Record<string, unknown>;
  return typeof group.total === "number" && Array.isArray(group.items);
}

export async function fetchFollowUps(): Promise<FollowUps> {
  const response = await fetch(FOLLOW_UPS_API, { credentials: "include", cache: "no-store" });
  if (response.status === 401) throw new SessionEndedError();
  if (!response.ok) throw await apiError(response);
  const body = (await response.json()) as Partial<FollowUps>;
  if (
    !isGroup(body.newLeads) ||
    !isGroup(body.openQuotes) ||
    !isGroup(body.failedEmails) ||
    !isGroup(body.overdueInvoices)
  )
    throw new Error("The server sent the follow-ups in an unexpected format");
  return body as FollowUps;
}
