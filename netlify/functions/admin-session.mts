import type { Config } from "@netlify/functions";
import { requireAdmin } from "../lib/auth.ts";
import { json, methodNotAllowed } from "../lib/http.ts";
import { isSignInSlowed } from "../lib/login-throttle.ts";

/**
 * GET /api/admin/session → 200 `{ authenticated: true }` with a valid session, else 401; the 401
 * carries `signInSlowed: true` while sign-in is slowed site-wide, for the sign-in screens.
 */
export default async (req: Request) => {
  if (req.method !== "GET" && req.method !== "HEAD") return methodNotAllowed(["GET"]);
  const refusal = await requireAdmin(req);
  // The flag is a courtesy: a store that cannot be read leaves the plain 401.
  if (refusal?.status === 401 && (await isSignInSlowed().catch(() => false))) {
    return json(
      { error: "Authentication required", signInSlowed: true },
      { status: 401, headers: { "Cache-Control": "no-store" } },
    );
  }
  if (refusal) return refusal;
  return json({ authenticated: true }, { headers: { "Cache-Control": "no-store" } });
};

export const config: Config = { path: "/api/admin/session" };
