import type { Config, Context } from "@netlify/functions";
import {
  clientAddress,
  passwordMatches,
  refuseUnavailableOrForeign,
  startSession,
  throttleKey,
} from "../lib/auth.ts";
import { errorResponse, json, methodNotAllowed } from "../lib/http.ts";
import { toErrorResponse } from "../lib/http-error.ts";
import { forgiveAttempts, reserveAttempt } from "../lib/login-throttle.ts";

/** Longer bodies are not a password form: refused before parsing. */
const MAX_BODY_CHARS = 1024;
const NO_STORE = { "Cache-Control": "no-store" };

/** POST /api/admin/login `{ password }` → 200 + session cookie; 401; 429 + Retry-After. */
export default async (req: Request, context: Context) => {
  if (req.method !== "POST") return methodNotAllowed(["POST"]);
  const refusal = refuseUnavailableOrForeign(req);
  if (refusal) return refusal;

  const password = await readPassword(req);
  if (password === null) return errorResponse(400, "A password is required", { headers: NO_STORE });

  try {
    const key = throttleKey(clientAddress(req, context));
    const attempt = await reserveAttempt(key, Date.now());
    if (!attempt.allowed) {
      return errorResponse(429, "Too many failed attempts. Please try again later.", {
        headers: { ...NO_STORE, "Retry-After": String(attempt.retryAfterSeconds) },
      });
    }
    if (!passwordMatches(password)) {
      return errorResponse(401, "Incorrect password", { headers: NO_STORE });
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
  // The platform's own limit sits above the per-address lockout in Blobs (DESIGN.md §5).
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
