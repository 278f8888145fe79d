import type { Config } from "@netlify/functions";
import { requireAdmin } from "../lib/admin/auth.ts";
import { json } from "../lib/http/responses.ts";
import { toErrorResponse } from "../lib/http/http-error.ts";
import { mailSettings } from "../lib/mail/mailer.ts";
import { readMailProblem } from "../lib/mail/mail-status-store.ts";
import type { EmailStatus } from "../../src/lib/notification-status.ts";

/**
 * GET /api/admin/notifications: whether e-mail is configured, and the problem with the mail
 * settings that stops every e-mail (a refused login, no TLS), for the contact admin's notice.
 */
export default async (req: Request) => {
  try {
    await requireAdmin(req, ["GET"]);
    const status: EmailStatus = { configured: (await mailSettings()).smtpUrl !== null };
    const problem = status.configured ? await readMailProblem() : null;
    if (problem) status.problem = problem.message;
    return json(status);
  } catch (error) {
    return toErrorResponse(error, "admin-notifications");
  }
};

export const config: Config = { path: "/api/admin/notifications" };
