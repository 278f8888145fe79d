import type { Config, Context } from "@netlify/functions";
import { isPreviewDeploy } from "../lib/blobs/open-store.ts";
import { json } from "../lib/http/responses.ts";
import { NotFoundError, toErrorResponse } from "../lib/http/http-error.ts";
import { readCustomerView } from "../lib/proposals/proposal-answers.ts";
import { tokenRequest } from "../lib/proposals/token-limit.ts";
import { customerPayment } from "../lib/payments/payments.ts";
import { knownPropertyAddress } from "../lib/payments/property-address.ts";

const METHODS = ["GET", "HEAD"];

/**
 * GET /api/proposals/{token}: the written quote as its customer may see it (docs/proposals.md),
 * with `payment` once accepted and `propertyAddress` (property-address.ts, `knownPropertyAddress`: until
 * accepted the address known from the survey visit or the quote request, to start the acceptance
 * from; once accepted the property the quote is for; null: none); the first read records when it
 * was viewed. Deploy Previews answer 404: their database is a copy of
 * production's, personal data included.
 */
export default async (req: Request, context?: Context) => {
  try {
    if (isPreviewDeploy()) throw new NotFoundError();
    const token = await tokenRequest(req, context, METHODS);
    const view = await readCustomerView(token);
    // Once accepted: what is due and how to pay it (docs/payments.md).
    // The property's address known already: the customer is not asked it again, and the page names it.
    return json(
      { ...view, payment: await customerPayment(token), propertyAddress: await knownPropertyAddress(token) },
      {
        headers: { "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex" },
      },
    );
  } catch (error) {
    return toErrorResponse(error, "proposal");
  }
};

export const config: Config = {
  path: "/api/proposals/:token",
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
