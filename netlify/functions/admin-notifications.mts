import type { Config } from "@netlify/functions";
import { requireAdmin } from "../lib/auth.ts";
import { json, methodNotAllowed } from "../lib/http.ts";
import { mailSettings } from "../lib/mailer.ts";
import type { EmailStatus } from "../../src/lib/notification-status.ts";

/** GET /api/admin/notifications: whether e-mail is configured, for the contact admin's notice. */
export default async (req: Request) => {
  const refusal = await requireAdmin(req);
  if (refusal) return refusal;
  if (req.method !== "GET") return methodNotAllowed(["GET"]);
  const status: EmailStatus = { configured: (await mailSettings()).smtpUrl !== null };
  return json(status, { headers: { "Cache-Control": "no-store" } });
};

export const config: Config = { path: "/api/admin/notifications" };
