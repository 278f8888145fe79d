import type { Config, Context } from "@netlify/functions";
import { json } from "../lib/http/responses.ts";
import { NotFoundError, requireMethod, toErrorResponse } from "../lib/http/http-error.ts";
import { completeUpload } from "../lib/uploads/uploads.ts";

/** POST /api/uploads/{id}/complete: reassembles and checks the file (docs/uploads.md). */
export default async (req: Request, context: Context) => {
  try {
    requireMethod(req, ["POST"]);
    const { id } = context.params;
    if (!id) throw new NotFoundError();
    return json(await completeUpload(id));
  } catch (error) {
    return toErrorResponse(error, "upload-complete");
  }
};

export const config: Config = {
  path: "/api/uploads/:id/complete",
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
