/**
 * Browser calls of the admin screens (docs/http-contract.md, Admin): sign-in, sign-out and session checks; the
 * lead desk's calls are in ../leads-api.ts. Every call sends the session cookie; none is retried
 * (docs/spec.md, How the browser calls the server).
 *
 * Shipped to the browser: no Node APIs, astro:* or React.
 */
import { apiError } from "../api-client";
import type { DeskUser } from "./people";

/** The server no longer accepts the session (expired, logged out elsewhere, password changed). */
export class SessionEndedError extends Error {
  constructor() {
    super("Your session has ended. Please enter the password again.");
    this.name = "SessionEndedError";
  }
}

export type LoginResult =
  { status: "ok" } | { status: "incorrect" } | { status: "throttled"; retryAfterSeconds: number };

const JSON_HEADERS = { "Content-Type": "application/json" };

export async function login(password: string): Promise<LoginResult> {
  const response = await fetch("/api/admin/login", {
    method: "POST",
    credentials: "include",
    headers: JSON_HEADERS,
    body: JSON.stringify({ password }),
  });
  if (response.ok) return { status: "ok" };
  if (response.status === 401) return { status: "incorrect" };
  if (response.status === 429) {
    const seconds = Number(response.headers.get("Retry-After"));
    return { status: "throttled", retryAfterSeconds: Number.isFinite(seconds) && seconds > 0 ? seconds : 60 };
  }
  throw await apiError(response);
}

/** Ends the session on the server. A session that had already ended counts as logged out. */
export async function logout(): Promise<void> {
  const response = await fetch("/api/admin/logout", { method: "POST", credentials: "include" });
  if (!response.ok && response.status !== 401) throw await apiError(response);
}

/** Who the server says this browser's session is; null when it has none. */
export async function currentUser(): Promise<DeskUser | null> {
  const response = await fetch("/api/admin/session", { credentials: "include", cache: "no-store" });
  if (response.ok) return ((await response.json()) as { user: DeskUser }).user;
  if (response.status === 401) return null;
  throw await apiError(response);
}

/** Whether the server still accepts this browser's session. */
export async function hasSession(): Promise<boolean> {
  return (await currentUser()) !== null;
}

/** Whether sign-in is slowed site-wide after many failed attempts (any answer of the session check). */
export async function signInSlowed(): Promise<boolean> {
  const response = await fetch("/api/admin/session", { credentials: "include", cache: "no-store" });
  const body = (await response.json()) as { signInSlowed?: unknown } | null;
  return body?.signInSlowed === true;
}
