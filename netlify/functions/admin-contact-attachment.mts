import type { Config, Context } from "@netlify/functions";
import { guardAdmin } from "../lib/admin/auth.ts";
import { errorResponse } from "../lib/http/responses.ts";
import { toErrorResponse } from "../lib/http/http-error.ts";
import { attachmentResponse } from "../lib/desk/admin-quote.ts";

/** GET an attachment of a quote request: the exact bytes, streamed (docs/http-contract.md, Admin). */
export default async (req: Request, context: Context) => {
  const refusal = await guardAdmin(req, ["GET"]);
  if (refusal) return refusal;
  const { id, attachmentId } = context.params;
  if (!id || !attachmentId) return errorResponse(404, "Not found");
  try {
    return await attachmentResponse(id, attachmentId);
  } catch (error) {
    return toErrorResponse(error, "admin-contact-attachment");
  }
};

export const config: Config = { path: "/api/admin/contact-submissions/:id/attachments/:attachmentId" };
