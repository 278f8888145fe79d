import type { Config, Context } from "@netlify/functions";
import * as z from "zod/mini";
import "../../src/lib/zod-locale.ts";
import { passwordMatches, requireSignInAllowed, SignInRefused, startSession } from "../lib/admin/auth.ts";
import { recordAudit, recordFailedSignIn } from "../lib/admin/audit-store.ts";
import { clientKeys } from "../lib/http/client-key.ts";
import { json } from "../lib/http/responses.ts";
import { HttpError, requireMethod, toErrorResponse } from "../lib/http/http-error.ts";
import { readJson } from "../lib/http/request-body.ts";
import {
  LOGIN_MAX_FAILURES,
  SLOWED_DELAY_MS,
  SLOWED_MAX_FAILURES,
  forgiveAttempts,
  isSignInSlowed,
  recordSiteFailure,
  reserveAttempt,
} from "../lib/admin/login-throttle.ts";

/** Longer bodies are not a password form: refused (413) before parsing. */
const MAX_BODY_BYTES = 1024;
const LoginSchema = z.object({ password: z.string().check(z.minLength(1)) });
const LOGIN_JSON = {
  notJsonMessage: "A password is required",
  invalid: () => new HttpError(400, "A password is required"),
};

/** POST /api/admin/login `{ password }` → 200 + session cookie; 401; 429 + Retry-After. */
export default async (req: Request, context: Context) => {
  try {
    requireMethod(req, ["POST"]);
    await requireSignInAllowed(req);
    const { password } = await readJson(req, LoginSchema, MAX_BODY_BYTES, LOGIN_JSON);
    const slowed = await isSignInSlowed();
    if (slowed) await new Promise((resolve) => setTimeout(resolve, SLOWED_DELAY_MS));
    // Counted per client (IPv4 address or IPv6 /64) and, for IPv6, per /48 as well.
    const keys = (await clientKeys(req, context, "login")).map(({ key }) => key);
    const now = Date.now();
    for (const key of keys) {
      const attempt = await reserveAttempt(key, now, slowed ? SLOWED_MAX_FAILURES : LOGIN_MAX_FAILURES);
      if (!attempt.allowed) {
        throw new SignInRefused(429, "Too many failed attempts. Please try again later.", slowed, {
          "Retry-After": String(attempt.retryAfterSeconds),
        });
      }
    }
    if (!passwordMatches(password)) {
      const nowSlowed = await recordSiteFailure();
      // Once slowed, failures are counted but no longer logged (one entry says so); before, one
      // entry per client and 15 minutes counts them.
      if (!slowed && !nowSlowed) await recordFailedSignIn(keys[0]!, now);
      // `signInSlowed` tells the sign-in screens the site-wide ceiling is crossed.
      throw new SignInRefused(401, "Incorrect password", slowed || nowSlowed);
    }
    await Promise.all(keys.map((key) => forgiveAttempts(key)));
    const { cookie, tag } = await startSession(req);
    await recordAudit("sign-in", { session: tag });
    return json({ authenticated: true }, { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    return toErrorResponse(error, "admin-login");
  }
};

export const config: Config = {
  path: "/api/admin/login",
  // The platform's own limit sits above the per-client lockout in Blobs (docs/security.md, Admin access).
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
