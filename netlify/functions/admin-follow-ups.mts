import type { Config } from "@netlify/functions";
import { requireAdmin } from "../lib/admin/auth.ts";
import { toErrorResponse } from "../lib/http/http-error.ts";
import { json } from "../lib/http/responses.ts";
import { dueFollowUps } from "../lib/follow-up/due-follow-ups.ts";

/**
 * GET /api/admin/follow-ups: what needs the owner now (new leads not contacted after 24 hours,
 * quotes with no decision after 7 days, failed e-mails), the list the morning digest e-mails; the
 * lead desk shows it at its top (docs/reviews.md).
 */
export default async (req: Request) => {
  try {
    await requireAdmin(req, ["GET"]);
    return json(await dueFollowUps());
  } catch (error) {
    return toErrorResponse(error, "admin-follow-ups");
  }
};

export const config: Config = { path: "/api/admin/follow-ups" };
