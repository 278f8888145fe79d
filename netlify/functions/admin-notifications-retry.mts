import type { Config, Context } from "@netlify/functions";
import * as z from "zod/mini";
import "../../src/lib/zod-locale.ts";
import { requireAdmin } from "../lib/admin/auth.ts";
import { afterResponse } from "../lib/http/after-response.ts";
import { json } from "../lib/http/responses.ts";
import { HttpError, toErrorResponse } from "../lib/http/http-error.ts";
import { readJson } from "../lib/http/request-body.ts";
import { requeueLeadMail } from "../lib/mail/lead-mail.ts";
import { deliverLeadMail } from "../lib/mail/lead-mail-sender.ts";
import { isUuid } from "../lib/http/uuid.ts";

const RetrySchema = z.object({ id: z.string().check(z.refine(isUuid)) });
const RETRY_JSON = { requireJsonType: true, invalid: () => new HttpError(400, "id must be a submission id") };

/** POST /api/admin/notifications/retry `{ id }`: queues the quote's unsent e-mails again and sends them. */
export default async (req: Request, context?: Context) => {
  try {
    await requireAdmin(req, ["POST"]);
    const { id } = await readJson(req, RetrySchema, 1024, RETRY_JSON);
    await requeueLeadMail(id);
    afterResponse(context, deliverLeadMail(id));
    return json({ queued: true }, { status: 202 });
  } catch (error) {
    return toErrorResponse(error, "admin-notifications-retry");
  }
};

export const config: Config = { path: "/api/admin/notifications/retry" };
