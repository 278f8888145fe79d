import type { Config, Context } from "@netlify/functions";
import { requireAdmin } from "../lib/admin/auth.ts";
import { recordAudit } from "../lib/admin/audit-store.ts";
import { deleteSessionsTagged, listSessions } from "../lib/admin/session-store.ts";
import { MethodNotAllowedError, NotFoundError, toErrorResponse } from "../lib/http/http-error.ts";
import { json, noContent } from "../lib/http/responses.ts";

/**
 * Who is signed in where (docs/staff.md), the owner's alone: GET the live sessions, each with its
 * person, how it was started, the device and when it was last used; DELETE /api/admin/sessions/{id}
 * ends one (204): that browser's next call is 401.
 */
export default async (req: Request, context?: Context) => {
  try {
    const id = context?.params?.id;
    const session = await requireAdmin(req, id ? ["DELETE"] : ["GET"]);
    if (id) {
      if (!/^[0-9a-f]{8}$/.test(id) || !(await deleteSessionsTagged(id))) throw new NotFoundError();
      await recordAudit("session-ended", { session: session.tag });
      return noContent();
    }
    if (req.method === "GET") {
      const sessions = await listSessions(Date.now());
      return json(sessions.map((one) => ({ ...one, current: one.id === session.tag })));
    }
    throw new MethodNotAllowedError(["GET"]);
  } catch (error) {
    return toErrorResponse(error, "admin-sessions");
  }
};

export const config: Config = { path: ["/api/admin/sessions", "/api/admin/sessions/:id"] };
