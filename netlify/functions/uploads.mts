import type { Config, Context } from "@netlify/functions";
import { json, methodNotAllowed } from "../lib/http.ts";
import { toErrorResponse } from "../lib/http-error.ts";
import { readJsonObject } from "../lib/request-body.ts";
import { quotaClient } from "../lib/upload-quota.ts";
import { createUpload } from "../lib/uploads.ts";

/** POST /api/uploads `{ name, size }`: starts a quote attachment upload (docs/uploads.md). */
export default async (req: Request, context?: Context) => {
  if (req.method !== "POST") return methodNotAllowed(["POST"]);
  try {
    const input = await readJsonObject(req, 4096);
    const client = quotaClient(req, context);
    return json(await createUpload(input, client), { status: 201, headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return toErrorResponse(error, "uploads");
  }
};

export const config: Config = {
  path: "/api/uploads",
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
