import type { Config, Context } from "@netlify/functions";
import { errorResponse, json, methodNotAllowed } from "../lib/http/responses.ts";
import { toErrorResponse } from "../lib/http/http-error.ts";
import { completeUpload } from "../lib/uploads/uploads.ts";

/** POST /api/uploads/{id}/complete: reassembles and checks the file (docs/uploads.md). */
export default async (req: Request, context: Context) => {
  if (req.method !== "POST") return methodNotAllowed(["POST"]);
  const { id } = context.params;
  if (!id) return errorResponse(404, "Not found");
  try {
    return json(await completeUpload(id));
  } catch (error) {
    return toErrorResponse(error, "upload-complete");
  }
};

export const config: Config = {
  path: "/api/uploads/:id/complete",
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
