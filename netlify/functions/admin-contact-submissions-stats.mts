import type { Config } from "@netlify/functions";
import { requireAdmin } from "../lib/admin/auth.ts";
import { json } from "../lib/http/responses.ts";
import { toErrorResponse } from "../lib/http/http-error.ts";
import { readQuery } from "../lib/http/request-body.ts";
import { leadStats } from "../lib/desk/lead-desk.ts";
import { LeadStatsQuery } from "../lib/desk/lead-query.ts";

/**
 * GET /api/admin/contact-submissions/stats?by=service|source: the leads-per-week chart (12 weeks of
 * counts, the groups, the number of `new` leads).
 */
export default async (req: Request) => {
  try {
    await requireAdmin(req, ["GET"]);
    const { by } = readQuery(req, LeadStatsQuery);
    return json(await leadStats(by));
  } catch (error) {
    return toErrorResponse(error, "admin-contact-submissions-stats");
  }
};

export const config: Config = { path: "/api/admin/contact-submissions/stats" };
