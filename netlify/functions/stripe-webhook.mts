import type { Config, Context } from "@netlify/functions";
import { json } from "../lib/http/responses.ts";
import { requireMethod, toErrorResponse } from "../lib/http/http-error.ts";
import { afterResponse } from "../lib/http/after-response.ts";
import { deliverMailJobs } from "../lib/mail/mail-jobs.ts";
import { handleStripeEvent } from "../lib/payments/card-payments.ts";

const METHODS = ["POST"];
/** Stripe's events are a few kilobytes; a Checkout Session's is well under this. */
const MAX_EVENT_BYTES = 256 * 1024;

/**
 * POST /api/stripe/webhook (docs/payments.md, "Card payments"): Stripe's event, its signature
 * (`Stripe-Signature`) checked against STRIPE_WEBHOOK_SECRET over the raw body. 200 once recorded,
 * 200 again for a repeat with nothing recorded twice, 400 for a bad signature, 404 where card
 * payments are not set up.
 */
export default async (req: Request, context?: Context) => {
  try {
    requireMethod(req, METHODS);
    const body = await req.text();
    if (body.length > MAX_EVENT_BYTES) return json({ error: "Event too large" }, { status: 413 });
    const result = await handleStripeEvent(body, req.headers.get("stripe-signature"));
    afterResponse(context, deliverMailJobs({ ids: result.mailIds }));
    return json({ received: true, recorded: result.recorded });
  } catch (error) {
    return toErrorResponse(error, "stripe-webhook");
  }
};

export const config: Config = { path: "/api/stripe/webhook" };
