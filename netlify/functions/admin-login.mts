import type { Config, Context } from "@netlify/functions";
import { passwordMatches, refuseUnavailableOrForeign, startSession } from "../lib/auth.ts";
import { clientKey } from "../lib/client-key.ts";
import { errorResponse, json, methodNotAllowed } from "../lib/http.ts";
import {
  LOGIN_MAX_FAILURES,
  SLOWED_DELAY_MS,
  SLOWED_MAX_FAILURES,
  forgiveAttempts,
  isSignInSlowed,
  recordSiteFailure,
  reserveAttempt,
} from "../lib/login-throttle.ts";
import { toErrorResponse } from "../lib/http-error.ts";

/** Longer bodies are not a password form: refused before parsing. */
const MAX_BODY_CHARS = 1024;
const NO_STORE = { "Cache-Control": "no-store" };

/** The refusal body; `signInSlowed` tells the sign-in screens the site-wide ceiling is crossed. */
const refusal = (status: number, error: string, slowed: boolean, headers: Record<string, string> = {}) =>
  json(slowed ? { error, signInSlowed: true } : { error }, { status, headers: { ...NO_STORE, ...headers } });

/** POST /api/admin/login `{ password }` → 200 + session cookie; 401; 429 + Retry-After. */
export default async (req: Request, context: Context) => {
  if (req.method !== "POST") return methodNotAllowed(["POST"]);
  const refused = refuseUnavailableOrForeign(req);
  if (refused) return refused;

  const password = await readPassword(req);
  if (password === null) return errorResponse(400, "A password is required", { headers: NO_STORE });

  try {
    const slowed = await isSignInSlowed();
    if (slowed) await new Promise((resolve) => setTimeout(resolve, SLOWED_DELAY_MS));
    const { key } = clientKey(req, context, "login");
    const attempt = await reserveAttempt(key, Date.now(), slowed ? SLOWED_MAX_FAILURES : LOGIN_MAX_FAILURES);
    if (!attempt.allowed) {
      return refusal(429, "Too many failed attempts. Please try again later.", slowed, {
        "Retry-After": String(attempt.retryAfterSeconds),
      });
    }
    if (!passwordMatches(password)) {
      const nowSlowed = await recordSiteFailure();
      return refusal(401, "Incorrect password", slowed || nowSlowed);
    }
    await forgiveAttempts(key);
    const cookie = await startSession(req);
    return json({ authenticated: true }, { headers: { ...NO_STORE, "Set-Cookie": cookie } });
  } catch (error) {
    return toErrorResponse(error, "admin-login");
  }
};

async function readPassword(req: Request): Promise<string | null> {
  const text = await req.text();
  if (text.length > MAX_BODY_CHARS) return null;
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body !== "object" || body === null) return null;
    const { password } = body as { password?: unknown };
    return typeof password === "string" && password !== "" ? password : null;
  } catch {
    return null;
  }
}

export const config: Config = {
  path: "/api/admin/login",
  // The platform's own limit sits above the per-client lockout in Blobs (DESIGN.md §5).
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
