import type { Config, Context } from "@netlify/functions";
import { z } from "zod";
import { guardAdmin } from "../lib/auth.ts";
import { afterResponse } from "../lib/background.ts";
import { json } from "../lib/http.ts";
import { HttpError, toErrorResponse } from "../lib/http-error.ts";
import { deliverQuote, requeueNotifications } from "../lib/notifications.ts";
import { isSubmissionId } from "../lib/quote-admin.ts";
import { readJson } from "../lib/request-body.ts";

const RetrySchema = z.object({ id: z.string().refine(isSubmissionId) });
const RETRY_JSON = { requireJsonType: true, invalid: () => new HttpError(400, "id must be a submission id") };

/** POST /api/admin/notifications/retry `{ id }`: queues the quote's unsent e-mails again and sends them. */
export default async (req: Request, context?: Context) => {
  const refusal = await guardAdmin(req, ["POST"]);
  if (refusal) return refusal;
  try {
    const { id } = await readJson(req, RetrySchema, 1024, RETRY_JSON);
    await requeueNotifications(id);
    afterResponse(context, deliverQuote(id));
    return json({ queued: true }, { status: 202 });
  } catch (error) {
    return toErrorResponse(error, "admin-notifications-retry");
  }
};

export const config: Config = { path: "/api/admin/notifications/retry" };
