/**
 * Admin sessions for function tests: `adminCookie()` logs in through the real login handler against
 * the Blobs store of the current `startBlobs()` and returns the `Cookie` header value.
 *
 * Environment the admin functions read (set it before calling a handler):
 * - `ADMIN_PASSWORD`: `adminCookie()` sets it to TEST_ADMIN_PASSWORD when unset, and logs in with it.
 * - `NETLIFY_LOCAL`: leave unset in tests, so the functions behave as deployed (no default password,
 *   503 without ADMIN_PASSWORD). `useAdminTestEnv()` restores exactly that state.
 * - `SESSION_SECRET`: optional; unset, the signing secret is the random one kept in the database.
 *
 * Requests should use `http://localhost/...` URLs; state-changing ones with a foreign `Origin` get 403.
 */
import type { Context } from "@netlify/functions";
import { beforeAll } from "vitest";
import login from "../../netlify/functions/admin-login.mts";
import { useBlobs } from "./blobs.ts";

export const TEST_ADMIN_PASSWORD = "test-admin-password-7Qx";
export const TEST_ORIGIN = "http://localhost";

/** Deployed-like admin environment with TEST_ADMIN_PASSWORD. */
export function useAdminTestEnv(): void {
  process.env.ADMIN_PASSWORD = TEST_ADMIN_PASSWORD;
  delete process.env.NETLIFY_LOCAL;
  delete process.env.SESSION_SECRET;
}

/** A function context carrying only the client address (what the admin functions read). */
export function contextFor(ip: string): Context {
  return { ip } as unknown as Context;
}

/** POST /api/admin/login through the real handler. */
export function loginRequest(
  password: string,
  init: { origin?: string | null; url?: string; ip?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  const origin = init.origin === undefined ? TEST_ORIGIN : init.origin;
  if (origin !== null) headers.Origin = origin;
  const request = new Request(init.url ?? `${TEST_ORIGIN}/api/admin/login`, {
    method: "POST",
    headers,
    body: JSON.stringify({ password }),
  });
  return login(request, contextFor(init.ip ?? "192.0.2.1"));
}

/** `name=value` of the Set-Cookie header of a response. */
export function cookieFrom(response: Response): string {
  const header = response.headers.get("set-cookie");
  if (!header) throw new Error(`No Set-Cookie header (status ${response.status})`);
  return header.split(";")[0] as string;
}

let loginCount = 0;

/** Logs in with the configured password and returns the Cookie header value of the new session. */
export async function adminCookie(): Promise<string> {
  process.env.ADMIN_PASSWORD ||= TEST_ADMIN_PASSWORD;
  loginCount += 1;
  // A fresh documentation-range address per login keeps the failure throttle out of the way.
  const ip = `198.51.100.${loginCount % 250}`;
  const response = await loginRequest(process.env.ADMIN_PASSWORD, { ip });
  if (response.status !== 200) throw new Error(`Admin login failed with status ${response.status}`);
  return cookieFrom(response);
}

/**
 * For a file of admin function tests, called at its top: a Blobs server and database of the file's
 * own, the deployed-like admin environment and a signed-in session, whose `cookie` the tests read
 * (and replace, signing in again).
 */
export function useAdminSession(): { cookie: string } {
  const session = { cookie: "" };
  useBlobs();
  beforeAll(async () => {
    useAdminTestEnv();
    session.cookie = await adminCookie();
  });
  return session;
}
