import type { Config, Context } from "@netlify/functions";
import { isPreviewDeploy } from "../lib/blobs/open-store.ts";
import { json } from "../lib/http/responses.ts";
import { NotFoundError, toErrorResponse } from "../lib/http/http-error.ts";
import { mailSettings } from "../lib/mail/mailer.ts";
import { startCheckout } from "../lib/payments/card-payments.ts";
import { tokenRequest } from "../lib/proposals/token-limit.ts";

const METHODS = ["POST"];

/**
 * POST /api/proposals/{token}/checkout: a Stripe Checkout Session for what is due now on an accepted
 * quote (the deposit, or the invoice's balance) → 200 `{ url }`, where the page sends the customer.
 * 404 where card payments are not set up; 409 when nothing is due (docs/payments.md).
 */
export default async (req: Request, context?: Context) => {
  try {
    if (isPreviewDeploy()) throw new NotFoundError();
    const token = await tokenRequest(req, context, METHODS);
    const { siteUrl } = await mailSettings();
    return json(await startCheckout(token, siteUrl), {
      headers: { "Referrer-Policy": "no-referrer" },
    });
  } catch (error) {
    return toErrorResponse(error, "proposal-checkout");
  }
};

export const config: Config = {
  path: "/api/proposals/:token/checkout",
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
