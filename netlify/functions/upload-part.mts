import type { Config, Context } from "@netlify/functions";
import { json } from "../lib/http/responses.ts";
import { NotFoundError, requireMethod, toErrorResponse } from "../lib/http/http-error.ts";
import { receivePart } from "../lib/uploads/uploads.ts";

/** PUT /api/uploads/{id}/parts/{n}: one numbered part, raw bytes (docs/uploads.md). */
export default async (req: Request, context: Context) => {
  try {
    requireMethod(req, ["PUT"]);
    const { id, part } = context.params;
    if (!id || !part) throw new NotFoundError();
    return json(await receivePart(id, part, req));
  } catch (error) {
    return toErrorResponse(error, "upload-part");
  }
};

export const config: Config = {
  path: "/api/uploads/:id/parts/:part",
  rateLimit: { windowLimit: 200, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
