import type { Config, Context } from "@netlify/functions";
import { requireAdmin } from "../lib/admin/auth.ts";
import { NotFoundError, toErrorResponse } from "../lib/http/http-error.ts";
import { attachmentResponse } from "../lib/desk/admin-quote.ts";
import { requireOnAgenda } from "../lib/desk/crew-view.ts";

/** GET an attachment of a quote request: the exact bytes, streamed (docs/http-contract.md, Admin). */
export default async (req: Request, context: Context) => {
  try {
    const session = await requireAdmin(req, ["GET"]);
    const { id, attachmentId } = context.params;
    if (!id || !attachmentId) throw new NotFoundError();
    if (session.user.role === "crew") await requireOnAgenda(id);
    return await attachmentResponse(id, attachmentId);
  } catch (error) {
    return toErrorResponse(error, "admin-contact-attachment");
  }
};

export const config: Config = { path: "/api/admin/contact-submissions/:id/attachments/:attachmentId" };
