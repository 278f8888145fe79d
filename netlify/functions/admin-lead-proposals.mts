import type { Config, Context } from "@netlify/functions";
import { requireAdmin } from "../lib/admin/auth.ts";
import { json } from "../lib/http/responses.ts";
import { toErrorResponse } from "../lib/http/http-error.ts";
import { readJson } from "../lib/http/request-body.ts";
import { createProposal, requireLeadId } from "../lib/proposals/proposal-desk.ts";
import { ProposalBodySchema } from "../../src/lib/proposals/proposal-schema.ts";

const METHODS = ["POST"];
export const MAX_PROPOSAL_BYTES = 64 * 1024;

/** A new written quote (a draft) on a lead (docs/proposals.md): 201 the proposal with its totals. */
export default async (req: Request, context?: Context) => {
  try {
    await requireAdmin(req, METHODS);
    const leadId = context?.params?.id ?? "";
    requireLeadId(leadId);
    const body = await readJson(req, ProposalBodySchema, MAX_PROPOSAL_BYTES, { requireJsonType: true });
    return json(await createProposal(leadId, body), { status: 201 });
  } catch (error) {
    return toErrorResponse(error, "admin-lead-proposals");
  }
};

export const config: Config = { path: "/api/admin/contact-submissions/:id/proposals" };
