import type { Config, Context } from "@netlify/functions";
import { requireAdmin } from "../lib/admin/auth.ts";
import { json } from "../lib/http/responses.ts";
import { MethodNotAllowedError, toErrorResponse } from "../lib/http/http-error.ts";
import { readJson } from "../lib/http/request-body.ts";
import { changeProposal, getProposal } from "../lib/proposals/proposal-desk.ts";
import { ProposalBodySchema } from "../../src/lib/proposals/proposal-schema.ts";
import { MAX_PROPOSAL_BYTES } from "./admin-lead-proposals.mts";

const METHODS = ["GET", "PUT"];

/** One written quote (docs/proposals.md): GET it, PUT a new body while it is a draft (else 409). */
export default async (req: Request, context?: Context) => {
  try {
    await requireAdmin(req, METHODS);
    const id = context?.params?.id ?? "";
    if (req.method === "GET") return json(await getProposal(id));
    if (req.method === "PUT") {
      const body = await readJson(req, ProposalBodySchema, MAX_PROPOSAL_BYTES, { requireJsonType: true });
      return json(await changeProposal(id, body));
    }
    throw new MethodNotAllowedError(METHODS);
  } catch (error) {
    return toErrorResponse(error, "admin-proposal");
  }
};

export const config: Config = { path: "/api/admin/proposals/:id" };
