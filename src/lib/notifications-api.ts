/**
 * Browser calls about a quote's e-mails (docs/http-contract.md; docs/email.md): whether e-mail is configured, and retry.
 * Shipped to the browser: no Node APIs, astro:* or React.
 */
import { SessionEndedError } from "./admin/api";
import { apiError } from "./api-client";
import type { EmailStatus } from "./notification-status";

export async function fetchEmailStatus(): Promise<EmailStatus> {
  const response = await fetch("/api/admin/notifications", { credentials: "include", cache: "no-store" });
  if (response.status === 401) throw new SessionEndedError();
  if (!response.ok) throw await apiError(response);
  const body = (await response.json()) as Partial<EmailStatus>;
  return {
    configured: body.configured === true,
    ...(typeof body.problem === "string" && body.problem ? { problem: body.problem } : {}),
  };
}

/** Queues the quote's unsent e-mails again; the server sends them at once. */
export async function retryNotifications(id: string): Promise<void> {
  const response = await fetch("/api/admin/notifications/retry", {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ id }),
  });
  if (response.status === 401) throw new SessionEndedError();
  if (!response.ok) throw await apiError(response);
}
