import type { Config, Context } from "@netlify/functions";
import { json } from "../lib/http/responses.ts";
import { requireMethod, toErrorResponse } from "../lib/http/http-error.ts";
import { readJson } from "../lib/http/request-body.ts";
import { quotaClient } from "../lib/limits/upload-quota.ts";
import { createUpload } from "../lib/uploads/uploads.ts";
import { MAX_UPLOAD_START_BYTES, UPLOAD_START_JSON, UploadStartSchema } from "../lib/uploads/upload-start.ts";

/** POST /api/uploads `{ name, size }`: starts a quote attachment upload (docs/uploads.md). */
export default async (req: Request, context?: Context) => {
  try {
    requireMethod(req, ["POST"]);
    const input = await readJson(req, UploadStartSchema, MAX_UPLOAD_START_BYTES, UPLOAD_START_JSON);
    return json(await createUpload(input, await quotaClient(req, context)), { status: 201 });
  } catch (error) {
    return toErrorResponse(error, "uploads");
  }
};

export const config: Config = {
  path: "/api/uploads",
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
