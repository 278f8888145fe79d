import type { Config } from "@netlify/functions";
import { json } from "../lib/http/responses.ts";
import { requireMethod, toErrorResponse } from "../lib/http/http-error.ts";
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
export default async (req: Request) => {
  try {
    requireMethod(req, METHODS);
    const body = await req.text();
    if (body.length > MAX_EVENT_BYTES) return json({ error: "Event too large" }, { status: 413 });
    // The receipt it queues goes with the scheduled sender's next run: sending here would bundle
    // every e-mail template into the function Stripe waits on.
    const result = await handleStripeEvent(body, req.headers.get("stripe-signature"));
    return json({ received: true, recorded: result.recorded });
  } catch (error) {
    return toErrorResponse(error, "stripe-webhook");
  }
};

export const config: Config = { path: "/api/stripe/webhook" };
