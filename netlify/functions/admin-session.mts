import type { Config } from "@netlify/functions";
import { guardAdmin } from "../lib/admin/auth.ts";
import { json } from "../lib/http/responses.ts";
import { isSignInSlowed } from "../lib/admin/login-throttle.ts";

/**
 * GET /api/admin/session → 200 `{ authenticated: true }` with a valid session, else 401; the 401
 * carries `signInSlowed: true` while sign-in is slowed site-wide, for the sign-in screens.
 */
export default async (req: Request) => {
  const refusal = await guardAdmin(req, ["GET", "HEAD"]);
  // The flag is a courtesy: a store that cannot be read leaves the plain 401.
  if (refusal?.status === 401 && (await isSignInSlowed().catch(() => false))) {
    return json({ error: "Authentication required", signInSlowed: true }, { status: 401 });
  }
  if (refusal) return refusal;
  return json({ authenticated: true });
};

export const config: Config = { path: "/api/admin/session" };
