import type { Config } from "@netlify/functions";
import { recordAudit } from "../lib/admin/audit-store.ts";
import { endSession, requireAdmin } from "../lib/admin/auth.ts";
import { json } from "../lib/http/responses.ts";
import { toErrorResponse } from "../lib/http/http-error.ts";

/** POST /api/admin/logout → 200; the session ends on the server, so copies of the cookie stop working. */
export default async (req: Request) => {
  try {
    const session = await requireAdmin(req, ["POST"]);
    const cookie = await endSession(req);
    await recordAudit("sign-out", { session: session.tag });
    return json({ authenticated: false }, { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    return toErrorResponse(error, "admin-logout");
  }
};

export const config: Config = { path: "/api/admin/logout" };
