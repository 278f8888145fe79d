import type { Config, Context } from "@netlify/functions";
import { z } from "zod";
import { json, methodNotAllowed } from "../lib/http/responses.ts";
import { HttpError, toErrorResponse } from "../lib/http/http-error.ts";
import { readJson } from "../lib/http/request-body.ts";
import { quotaClient } from "../lib/limits/upload-quota.ts";
import { createUpload } from "../lib/uploads/uploads.ts";

/** The fields are checked by createUpload; here only that the body is one small JSON object. */
const UploadRequestSchema = z.record(z.string(), z.unknown());

/** POST /api/uploads `{ name, size }`: starts a quote attachment upload (docs/uploads.md). */
export default async (req: Request, context?: Context) => {
  if (req.method !== "POST") return methodNotAllowed(["POST"]);
  try {
    const input = await readJson(req, UploadRequestSchema, 4096, {
      requireJsonType: true,
      invalid: () => new HttpError(400, "Request body must be a JSON object"),
    });
    return json(await createUpload(input, quotaClient(req, context)), { status: 201 });
  } catch (error) {
    return toErrorResponse(error, "uploads");
  }
};

export const config: Config = {
  path: "/api/uploads",
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
