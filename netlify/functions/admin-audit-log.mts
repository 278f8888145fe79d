import type { Config } from "@netlify/functions";
import { readAudit } from "../lib/admin/audit-store.ts";
import { requireAdmin } from "../lib/admin/auth.ts";
import { toErrorResponse } from "../lib/http/http-error.ts";
import { json } from "../lib/http/responses.ts";

/**
 * GET /api/admin/audit-log → 200 `{ events }`: the newest sign-ins, failed sign-ins, sign-outs,
 * exports, erasures and restores, newest first (docs/security.md, "Audit log").
 */
export default async (req: Request) => {
  try {
    await requireAdmin(req, ["GET", "HEAD"]);
    return json({ events: await readAudit() });
  } catch (error) {
    return toErrorResponse(error, "admin-audit-log");
  }
};

export const config: Config = { path: "/api/admin/audit-log" };
