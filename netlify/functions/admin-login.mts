import type { Config, Context } from "@netlify/functions";
import { z } from "zod";
import {
  clientAddress,
  passwordMatches,
  refuseUnavailableOrForeign,
  startSession,
  throttleKey,
} from "../lib/auth.ts";
import { errorResponse, json, methodNotAllowed } from "../lib/http.ts";
import { HttpError, toErrorResponse } from "../lib/http-error.ts";
import { readJson } from "../lib/request-body.ts";
import { forgiveAttempts, reserveAttempt } from "../lib/login-throttle.ts";

/** Longer bodies are not a password form: refused (413) before parsing. */
const MAX_BODY_BYTES = 1024;
const LoginSchema = z.object({ password: z.string().min(1) });
const LOGIN_JSON = {
  notJsonMessage: "A password is required",
  invalid: () => new HttpError(400, "A password is required"),
};

/** POST /api/admin/login `{ password }` → 200 + session cookie; 401; 429 + Retry-After. */
export default async (req: Request, context: Context) => {
  if (req.method !== "POST") return methodNotAllowed(["POST"]);
  const refusal = refuseUnavailableOrForeign(req);
  if (refusal) return refusal;
  try {
    const { password } = await readJson(req, LoginSchema, MAX_BODY_BYTES, LOGIN_JSON);
    const key = throttleKey(clientAddress(req, context));
    const attempt = await reserveAttempt(key, Date.now());
    if (!attempt.allowed) {
      return errorResponse(429, "Too many failed attempts. Please try again later.", {
        headers: { "Retry-After": String(attempt.retryAfterSeconds) },
      });
    }
    if (!passwordMatches(password)) return errorResponse(401, "Incorrect password");
    await forgiveAttempts(key);
    return json({ authenticated: true }, { headers: { "Set-Cookie": await startSession(req) } });
  } catch (error) {
    return toErrorResponse(error, "admin-login");
  }
};

export const config: Config = {
  path: "/api/admin/login",
  // The platform's own limit sits above the per-address lockout in Blobs (DESIGN.md §5).
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
