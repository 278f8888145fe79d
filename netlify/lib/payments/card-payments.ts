/**
 * Paying by card through Stripe Checkout (docs/payments.md, "Card payments"), only where
 * STRIPE_SECRET_KEY is set: the customer's quote page asks for a Checkout Session of what is due now
 * and goes to Stripe's page; Stripe calls the webhook when it is paid, whose signature is checked
 * with STRIPE_WEBHOOK_SECRET by the official package, and the payment is recorded once per
 * session however often Stripe retries (payments.ts). The card never touches this site. The Stripe
 * package loads once a call gets past the checks that need none of it.
 */
import type Stripe from "stripe";
import { formatPounds } from "../../../src/lib/proposals/money.ts";
import { londonDate } from "../../../src/lib/visits/london-time.ts";
import { PAYMENT_TEXTS } from "../../../src/lib/payments/payment-rules.ts";
import { HttpError, NotFoundError } from "../http/http-error.ts";
import { readQuote } from "../quote/quote-store.ts";
import { proposalByToken } from "../proposals/proposal-records.ts";
import { customerPath, TOKEN_PATTERN } from "../proposals/proposal-token.ts";
import { accountFor, dueNow } from "./payment-account.ts";
import { cardPaymentsEnabled, recordPayment } from "./payments.ts";

const stripePackage = async () => (await import("stripe")).default;

let client: Stripe | undefined;
async function stripe(): Promise<Stripe> {
  const key = process.env.STRIPE_SECRET_KEY;
  if (!key) throw new NotFoundError();
  client ??= new (await stripePackage())(key, { maxNetworkRetries: 2, timeout: 10_000 });
  return client;
}

/**
 * A Checkout Session for what is due now on the quote a token opens (the deposit, or the
 * invoice's balance): its URL. 404 without Stripe or for an unknown token; 409 when nothing is due.
 */
export async function startCheckout(token: string, siteUrl: string): Promise<{ url: string }> {
  if (!cardPaymentsEnabled() || !TOKEN_PATTERN.test(token)) throw new NotFoundError("Quote not found");
  const row = await proposalByToken(token);
  if (!row?.document) throw new NotFoundError("Quote not found");
  const account = await accountFor(row);
  const amount = account ? dueNow(account) : 0;
  if (!account || amount <= 0) throw new HttpError(409, PAYMENT_TEXTS.nothingDue);
  const lead = await readQuote(row.lead_id);
  const what = account.invoice ? `Invoice ${account.invoice.number}` : `Deposit for quote ${row.number}`;
  const page = `${siteUrl}${customerPath(token)}`;
  const session = await (
    await stripe()
  ).checkout.sessions.create({
    mode: "payment",
    line_items: [
      { quantity: 1, price_data: { currency: "gbp", unit_amount: amount, product_data: { name: what } } },
    ],
    client_reference_id: row.id,
    metadata: { proposalId: row.id, number: row.number ?? "" },
    payment_intent_data: { description: `${what}: ${formatPounds(amount)}` },
    ...(lead?.email ? { customer_email: lead.email } : {}),
    success_url: `${page}?paid=card`,
    cancel_url: page,
  });
  if (!session.url) throw new Error("Stripe answered a Checkout Session without a URL");
  return { url: session.url };
}

/** The events that mean a Checkout Session's money arrived. */
const PAID_EVENTS = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);

/**
 * POST /api/stripe/webhook: checks the signature of the raw body (400 when it does not hold), and
 * records a paid session's payment once. Answers what it did, for the log and the tests.
 */
export async function handleStripeEvent(
  rawBody: string,
  signature: string | null,
  now = Date.now(),
): Promise<{ recorded: boolean; ignored?: string; mailIds: string[] }> {
  const secret = process.env.STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new NotFoundError();
  let event: Stripe.Event;
  try {
    event = await (await stripePackage()).webhooks.constructEventAsync(rawBody, signature ?? "", secret);
  } catch {
    throw new HttpError(400, "Invalid signature");
  }
  if (!PAID_EVENTS.has(event.type)) return { recorded: false, ignored: event.type, mailIds: [] };
  const session = event.data.object as Stripe.Checkout.Session;
  if (session.payment_status !== "paid") return { recorded: false, ignored: "unpaid", mailIds: [] };
  const proposalId = session.metadata?.proposalId ?? session.client_reference_id;
  if (!proposalId || !session.amount_total || session.currency !== "gbp")
    return { recorded: false, ignored: "not ours", mailIds: [] };
  try {
    const result = await recordPayment(
      proposalId,
      {
        amount: session.amount_total,
        method: "card",
        receivedOn: londonDate(event.created * 1000),
        stripeSessionId: session.id,
      },
      now,
    );
    return { recorded: result.recorded, mailIds: result.mailIds };
  } catch (error) {
    // A quote erased since (or never ours): answering an error would only make Stripe retry for
    // days. The payment stays in Stripe's dashboard; the log names the session, nothing personal.
    if (error instanceof NotFoundError) {
      console.error(`stripe-webhook: paid session ${session.id} names no quote here`);
      return { recorded: false, ignored: "unknown quote", mailIds: [] };
    }
    throw error;
  }
}
