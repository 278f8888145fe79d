import type { Config } from "@netlify/functions";
import { errorResponse, json, methodNotAllowed } from "../lib/http.ts";
import { toErrorResponse } from "../lib/http-error.ts";
import { receivePart } from "../lib/uploads.ts";

const PATH = /^\/api\/uploads\/([^/]+)\/parts\/([^/]+)$/;

/** PUT /api/uploads/{id}/parts/{n}: one numbered part, raw bytes (docs/uploads.md). */
export default async (req: Request) => {
  if (req.method !== "PUT") return methodNotAllowed(["PUT"]);
  const match = PATH.exec(new URL(req.url).pathname);
  if (!match) return errorResponse(404, "Not found");
  try {
    return json(await receivePart(match[1]!, match[2]!, req), { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return toErrorResponse(error, "upload-part");
  }
};

export const config: Config = {
  path: "/api/uploads/:id/parts/:part",
  rateLimit: { windowLimit: 200, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
