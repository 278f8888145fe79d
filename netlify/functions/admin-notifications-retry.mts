import type { Config, Context } from "@netlify/functions";
import { requireAdmin } from "../lib/auth.ts";
import { afterResponse } from "../lib/background.ts";
import { json, methodNotAllowed } from "../lib/http.ts";
import { HttpError, toErrorResponse } from "../lib/http-error.ts";
import { deliverQuote, requeueNotifications } from "../lib/notifications.ts";
import { isSubmissionId } from "../lib/quote-admin.ts";
import { readJsonObject } from "../lib/request-body.ts";

/** POST /api/admin/notifications/retry `{ id }`: queues the quote's unsent e-mails again and sends them. */
export default async (req: Request, context?: Context) => {
  const refusal = await requireAdmin(req);
  if (refusal) return refusal;
  if (req.method !== "POST") return methodNotAllowed(["POST"]);
  try {
    const { id } = await readJsonObject(req, 1024);
    if (typeof id !== "string" || !isSubmissionId(id)) throw new HttpError(400, "id must be a submission id");
    await requeueNotifications(id);
    afterResponse(context, deliverQuote(id));
    return json({ queued: true }, { status: 202, headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return toErrorResponse(error, "admin-notifications-retry");
  }
};

export const config: Config = { path: "/api/admin/notifications/retry" };
