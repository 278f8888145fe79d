/**
 * Stored quotes per client (docs/security.md, "Quotes per client"): at most QUOTES_PER_CLIENT quotes
 * stored for one client (IPv4 address or IPv6 /64, client-key.ts) in any QUOTE_WINDOW_MS, and at most
 * QUOTES_PER_WIDER_NETWORK for the IPv6 /48 around it (one allocation holds 65,536 /64s). Beyond
 * either: 429 with Retry-After (seconds until the oldest quote of the full ledger leaves the window),
 * and the quote form tells the visitor to call or WhatsApp instead.
 *
 * A charge is taken just before a quote is stored, to the client's ledger and its /48's at once or
 * to neither (table `limit_charges`, limit-charges.ts), and given back when storing it is refused
 * later (the attachment quotas), so a refused request costs the client nothing. Loopback clients of
 * a local test run are exempt on the same terms as the attachment quotas (upload-quota.ts,
 * `quotaClient`).
 */
import { QUOTE_QUOTA_MESSAGE } from "../../../src/lib/quote/quota-messages.ts";
import { HttpError } from "../http/http-error.ts";
import { chargeLedgers, decideWindow, refundCharge, type Ledger } from "./limit-charges.ts";
import type { QuotaClient } from "./upload-quota.ts";

export const QUOTES_PER_CLIENT = 20;
/** Three busy /64s' worth: a street of flats behind one provider's /48 still gets through. */
export const QUOTES_PER_WIDER_NETWORK = 60;
export const QUOTE_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The ledgers a client's quote is charged to, with their limits: its own, then its /48's (IPv6 only). */
function ledgers(client: QuotaClient): { ledger: Ledger; limit: number }[] {
  const own = {
    ledger: { rule: "quotes", subject: client.key, windowMs: QUOTE_WINDOW_MS },
    limit: QUOTES_PER_CLIENT,
  };
  if (!client.wider) return [own];
  const wider = {
    ledger: { rule: "quotes-48", subject: client.wider.key, windowMs: QUOTE_WINDOW_MS },
    limit: QUOTES_PER_WIDER_NETWORK,
  };
  return [own, wider];
}

/** Charges one stored quote to `client` and to its /48, or throws 429 with Retry-After and charges neither. */
export async function chargeQuote(client: QuotaClient, now = Date.now()): Promise<void> {
  if (client.exempt) return;
  const limits = ledgers(client);
  const retryAfter = await chargeLedgers(
    limits.map(({ ledger }) => ledger),
    now,
    (charges) => {
      for (const [index, { limit }] of limits.entries()) {
        const times = charges[index]!.map((charge) => charge.at);
        const decided = decideWindow(times, now, limit, QUOTE_WINDOW_MS);
        if (!decided.ok) return { result: decided.retryAfterSeconds };
      }
      return { result: null, add: limits.map(() => [1]) };
    },
  );
  if (retryAfter !== null) {
    throw new HttpError(429, QUOTE_QUOTA_MESSAGE, undefined, { "Retry-After": String(retryAfter) });
  }
}

/** Gives back a charge taken at `now` (the quote was refused after all), to every ledger. */
export async function refundQuote(client: QuotaClient, now: number): Promise<void> {
  if (client.exempt) return;
  await Promise.all(ledgers(client).map(({ ledger }) => refundCharge(ledger, now)));
}
