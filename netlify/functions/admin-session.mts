import type { Config } from "@netlify/functions";
import { requireAdmin, SignInRefused, slideSession } from "../lib/admin/auth.ts";
import { json } from "../lib/http/responses.ts";
import { toErrorResponse, UnauthorizedError } from "../lib/http/http-error.ts";
import { isSignInSlowed } from "../lib/admin/login-throttle.ts";

/**
 * GET /api/admin/session → 200 `{ authenticated: true, user: { id, name, role } }` with a valid
 * session, else 401; the 401 carries `signInSlowed: true` while sign-in is slowed site-wide, for
 * the sign-in screens. A passkey session's 30 days start again here, at most once a day (a new
 * cookie with the later expiry).
 */
export default async (req: Request) => {
  try {
    const session = await requireAdmin(req, ["GET", "HEAD"]).catch(withSlowedFlag);
    const cookie = await slideSession(req, session);
    return json(
      { authenticated: true, user: session.user, method: session.method },
      cookie ? { headers: { "Set-Cookie": cookie } } : undefined,
    );
  } catch (error) {
    return toErrorResponse(error, "admin-session");
  }
};

/** The flag is a courtesy: a store that cannot be read leaves the plain 401. */
async function withSlowedFlag(error: unknown): Promise<never> {
  if (error instanceof UnauthorizedError && (await isSignInSlowed().catch(() => false))) {
    throw new SignInRefused(401, error.message, true);
  }
  throw error;
}

export const config: Config = { path: "/api/admin/session" };
