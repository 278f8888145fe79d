import type { Config } from "@netlify/functions";
import { guardAdmin } from "../lib/admin/auth.ts";
import { json } from "../lib/http/responses.ts";
import { mailSettings } from "../lib/mail/mailer.ts";
import type { EmailStatus } from "../../src/lib/notification-status.ts";

/** GET /api/admin/notifications: whether e-mail is configured, for the contact admin's notice. */
export default async (req: Request) => {
  const refusal = await guardAdmin(req, ["GET"]);
  if (refusal) return refusal;
  const status: EmailStatus = { configured: (await mailSettings()).smtpUrl !== null };
  return json(status);
};

export const config: Config = { path: "/api/admin/notifications" };
