import type { Config, Context } from "@netlify/functions";
import { requireAdmin } from "../lib/admin/auth.ts";
import { json } from "../lib/http/responses.ts";
import { NotFoundError, toErrorResponse } from "../lib/http/http-error.ts";
import { afterResponse } from "../lib/http/after-response.ts";
import { deliverMailJobs } from "../lib/mail/mail-jobs.ts";
import { sendProposal, withdrawProposal } from "../lib/proposals/proposal-desk.ts";

const METHODS = ["POST"];

/**
 * POST /api/admin/proposals/{id}/send (numbered, frozen, e-mailed with its PDF; the lead becomes
 * `quoted`) and …/withdraw (docs/proposals.md). The quote's e-mail goes right after the answer.
 */
export default async (req: Request, context?: Context) => {
  try {
    const session = await requireAdmin(req, METHODS);
    const id = context?.params?.id ?? "";
    const action = new URL(req.url).pathname.split("/").pop();
    if (action === "send") {
      const { proposal, mailIds } = await sendProposal(id, Date.now(), session.tag);
      afterResponse(context, deliverMailJobs({ ids: mailIds }));
      return json(proposal);
    }
    if (action === "withdraw") return json(await withdrawProposal(id));
    throw new NotFoundError();
  } catch (error) {
    return toErrorResponse(error, "admin-proposal-action");
  }
};

export const config: Config = {
  path: ["/api/admin/proposals/:id/send", "/api/admin/proposals/:id/withdraw"],
};
