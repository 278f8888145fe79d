import type { Config } from "@netlify/functions";
import { errorResponse, json, methodNotAllowed } from "../lib/http.ts";
import { toErrorResponse } from "../lib/http-error.ts";
import { completeUpload } from "../lib/uploads.ts";

const PATH = /^\/api\/uploads\/([^/]+)\/complete$/;

/** POST /api/uploads/{id}/complete: reassembles and checks the file (docs/uploads.md). */
export default async (req: Request) => {
  if (req.method !== "POST") return methodNotAllowed(["POST"]);
  const match = PATH.exec(new URL(req.url).pathname);
  if (!match) return errorResponse(404, "Not found");
  try {
    return json(await completeUpload(match[1]!), { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return toErrorResponse(error, "upload-complete");
  }
};

export const config: Config = {
  path: "/api/uploads/:id/complete",
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
