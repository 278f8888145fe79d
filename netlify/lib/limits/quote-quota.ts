/**
 * Stored quotes per client (docs/security.md, "Quotes per client"): at most QUOTES_PER_CLIENT quotes
 * stored for one client (IPv4 address or IPv6 /64, client-key.ts) in any QUOTE_WINDOW_MS, and at most
 * QUOTES_PER_WIDER_NETWORK for the IPv6 /48 around it (one allocation holds 65,536 /64s). Beyond
 * either: 429 with Retry-After (seconds until the oldest quote of the full ledger leaves the window),
 * and the quote form tells the visitor to call or WhatsApp instead.
 *
 * A charge is taken just before a quote is stored and given back when storing it is refused later
 * (the /48's ledger, the attachment quotas), so a refused request costs the client nothing. Loopback
 * clients of a local test run are exempt on the same terms as the attachment quotas
 * (upload-quota.ts, `quotaClient`).
 */
import { QUOTE_QUOTA_MESSAGE } from "../../../src/lib/quote/quota-messages.ts";
import { HttpError } from "../http/http-error.ts";
import { LIMITS_STORE, updateJson } from "./ledger-store.ts";
import type { QuotaClient } from "./upload-quota.ts";

export const QUOTES_PER_CLIENT = 20;
/** Three busy /64s' worth: a street of flats behind one provider's /48 still gets through. */
export const QUOTES_PER_WIDER_NETWORK = 60;
export const QUOTE_WINDOW_MS = 24 * 60 * 60 * 1000;

interface QuoteLedger {
  /** When each stored quote was taken (ms), oldest first. */
  at: number[];
}

/** The ledgers a client's quote is charged to: its own, then its /48's (IPv6 only). */
function ledgers(client: QuotaClient): { key: string; limit: number }[] {
  const own = { key: `quotes/${client.key}`, limit: QUOTES_PER_CLIENT };
  return client.wider
    ? [own, { key: `quotes-48/${client.wider.key}`, limit: QUOTES_PER_WIDER_NETWORK }]
    : [own];
}
const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** Whether one more quote fits a ledger of `limit` at `now`; the ledger to store when it does. */
export function decideQuote(
  ledger: QuoteLedger | null,
  now: number,
  limit = QUOTES_PER_CLIENT,
): { ok: true; next: QuoteLedger } | { ok: false; retryAfterSeconds: number } {
  const live = (ledger?.at ?? [])
    .filter((at) => at > now - QUOTE_WINDOW_MS && at <= now)
    .sort((a, b) => a - b);
  if (live.length < limit) return { ok: true, next: { at: [...live, now] } };
  const freedAt = live[live.length - limit]! + QUOTE_WINDOW_MS;
  return { ok: false, retryAfterSeconds: seconds(freedAt - now) };
}

/** Charges one quote to one ledger; the seconds to wait when it is full (2 when writers collide). */
async function chargeLedger(key: string, limit: number, now: number): Promise<number | null> {
  const decision = await updateJson<QuoteLedger, ReturnType<typeof decideQuote>>(
    LIMITS_STORE,
    key,
    (current) => {
      const d = decideQuote(current, now, limit);
      return d.ok ? { result: d, next: d.next } : { result: d };
    },
  );
  return !decision ? 2 : decision.ok ? null : decision.retryAfterSeconds;
}

/** Removes the charge taken at `now` from one ledger. */
async function refundLedger(key: string, now: number): Promise<void> {
  await updateJson<QuoteLedger, null>(LIMITS_STORE, key, (current) => {
    if (!current) return { result: null };
    const index = current.at.indexOf(now);
    if (index === -1) return { result: null };
    return { result: null, next: { at: current.at.filter((_, i) => i !== index) } };
  });
}

/**
 * Charges one stored quote to `client` and to its /48, or throws 429 with Retry-After. When the
 * /48 is full, the client's own charge is given back first: a refused quote costs nothing.
 */
export async function chargeQuote(client: QuotaClient, now = Date.now()): Promise<void> {
  if (client.exempt) return;
  const charged: string[] = [];
  for (const { key, limit } of ledgers(client)) {
    const retryAfter = await chargeLedger(key, limit, now);
    if (retryAfter !== null) {
      await Promise.all(charged.map((done) => refundLedger(done, now).catch(() => undefined)));
      throw new HttpError(429, QUOTE_QUOTA_MESSAGE, undefined, { "Retry-After": String(retryAfter) });
    }
    charged.push(key);
  }
}

/** Gives back a charge taken at `now` (the quote was refused after all), to every ledger. */
export async function refundQuote(client: QuotaClient, now: number): Promise<void> {
  if (client.exempt) return;
  await Promise.all(ledgers(client).map(({ key }) => refundLedger(key, now)));
}
