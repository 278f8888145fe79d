import type { Config, Context } from "@netlify/functions";
import { isPreviewDeploy } from "../lib/blobs/open-store.ts";
import { clientKey } from "../lib/http/client-key.ts";
import { json } from "../lib/http/responses.ts";
import { NotFoundError, toErrorResponse } from "../lib/http/http-error.ts";
import { readJson } from "../lib/http/request-body.ts";
import { afterResponse } from "../lib/http/after-response.ts";
import { deliverMailJobs } from "../lib/mail/mail-jobs.ts";
import { acceptProposal, cancelAcceptance, declineProposal } from "../lib/proposals/proposal-answers.ts";
import { tokenRequest } from "../lib/proposals/token-limit.ts";
import { customerPayment } from "../lib/payments/payments.ts";
import { knownPropertyAddress } from "../lib/payments/property-address.ts";
import {
  AcceptBodySchema,
  CancelBodySchema,
  DeclineBodySchema,
} from "../../src/lib/proposals/proposal-schema.ts";

const METHODS = ["POST"];
const MAX_ANSWER_BYTES = 8 * 1024;
const JSON_BODY = { requireJsonType: true };

/**
 * The customer's answers to a written quote (docs/proposals.md): POST …/accept, …/decline and
 * …/cancel, each in one transaction with its e-mails, which go right after the answer. Each answers
 * the quote as GET /api/proposals/{token} does, so the page draws it again from the answer.
 */
export default async (req: Request, context?: Context) => {
  try {
    if (isPreviewDeploy()) throw new NotFoundError();
    const token = await tokenRequest(req, context, METHODS);
    const action = new URL(req.url).pathname.split("/").pop();
    let answer;
    if (action === "accept") {
      const body = await readJson(req, AcceptBodySchema, MAX_ANSWER_BYTES, JSON_BODY);
      answer = await acceptProposal(token, body, {
        clientHash: (await clientKey(req, context, "proposal-acceptance")).key,
        userAgent: req.headers.get("user-agent"),
      });
    } else if (action === "decline") {
      const body = await readJson(req, DeclineBodySchema, MAX_ANSWER_BYTES, JSON_BODY);
      answer = await declineProposal(token, body.reason);
    } else if (action === "cancel") {
      const body = await readJson(req, CancelBodySchema, MAX_ANSWER_BYTES, JSON_BODY);
      answer = await cancelAcceptance(token, body.name);
    } else throw new NotFoundError();
    afterResponse(context, deliverMailJobs({ ids: answer.mailIds }));
    return json(
      {
        ...answer.view,
        payment: await customerPayment(token),
        propertyAddress: await knownPropertyAddress(token),
      },
      { headers: { "Referrer-Policy": "no-referrer" } },
    );
  } catch (error) {
    return toErrorResponse(error, "proposal-answer");
  }
};

export const config: Config = {
  path: ["/api/proposals/:token/accept", "/api/proposals/:token/decline", "/api/proposals/:token/cancel"],
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
