import type { Config } from "@netlify/functions";
import { endSession, requireAdmin } from "../lib/auth.ts";
import { json, methodNotAllowed } from "../lib/http.ts";
import { toErrorResponse } from "../lib/http-error.ts";

/** POST /api/admin/logout → 200; the session ends on the server, so copies of the cookie stop working. */
export default async (req: Request) => {
  if (req.method !== "POST") return methodNotAllowed(["POST"]);
  const refusal = await requireAdmin(req);
  if (refusal) return refusal;
  try {
    const cookie = await endSession(req);
    return json({ authenticated: false }, { headers: { "Cache-Control": "no-store", "Set-Cookie": cookie } });
  } catch (error) {
    return toErrorResponse(error, "admin-logout");
  }
};

export const config: Config = { path: "/api/admin/logout" };
