import type { Config, Context } from "@netlify/functions";
import { requireAdmin } from "../lib/admin/auth.ts";
import { json } from "../lib/http/responses.ts";
import { toErrorResponse } from "../lib/http/http-error.ts";
import { previewProposal } from "../lib/proposals/proposal-desk.ts";

const METHODS = ["GET"];

/** The quote as the customer's page shows it (a draft: as it would be sent now), for the desk's preview. */
export default async (req: Request, context?: Context) => {
  try {
    await requireAdmin(req, METHODS);
    return json(await previewProposal(context?.params?.id ?? ""));
  } catch (error) {
    return toErrorResponse(error, "admin-proposal-preview");
  }
};

export const config: Config = { path: "/api/admin/proposals/:id/preview" };
