/**
 * Stored quotes per client (docs/security.md, "Quotes per client"): at most QUOTES_PER_CLIENT quotes
 * stored for one client (IPv4 address or IPv6 /64, client-key.ts) in any QUOTE_WINDOW_MS. Beyond:
 * 429 with Retry-After (seconds until the client's oldest quote leaves the window), and the quote
 * form tells the visitor to call or WhatsApp instead.
 *
 * A charge is taken just before a quote is stored and given back when storing it is refused later
 * (attachment quotas), so a refused request costs the client nothing. Loopback clients of a local
 * test run are exempt on the same terms as the attachment quotas (upload-quota.ts, `quotaClient`).
 */
import { QUOTE_QUOTA_MESSAGE } from "../../../src/lib/quote/quota-messages.ts";
import { HttpError } from "../http/http-error.ts";
import { LIMITS_STORE, updateJson } from "./ledger-store.ts";
import type { QuotaClient } from "./upload-quota.ts";

export const QUOTES_PER_CLIENT = 20;
export const QUOTE_WINDOW_MS = 24 * 60 * 60 * 1000;

interface QuoteLedger {
  /** When each stored quote was taken (ms), oldest first. */
  at: number[];
}

const ledgerKey = (client: QuotaClient) => `quotes/${client.key}`;
const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** Whether one more quote fits at `now`; the ledger to store when it does. */
export function decideQuote(
  ledger: QuoteLedger | null,
  now: number,
): { ok: true; next: QuoteLedger } | { ok: false; retryAfterSeconds: number } {
  const live = (ledger?.at ?? [])
    .filter((at) => at > now - QUOTE_WINDOW_MS && at <= now)
    .sort((a, b) => a - b);
  if (live.length < QUOTES_PER_CLIENT) return { ok: true, next: { at: [...live, now] } };
  const freedAt = live[live.length - QUOTES_PER_CLIENT]! + QUOTE_WINDOW_MS;
  return { ok: false, retryAfterSeconds: seconds(freedAt - now) };
}

/** Charges one stored quote to `client`, or throws 429 with Retry-After. */
export async function chargeQuote(client: QuotaClient, now = Date.now()): Promise<void> {
  if (client.exempt) return;
  const decision = await updateJson<QuoteLedger, ReturnType<typeof decideQuote>>(
    LIMITS_STORE,
    ledgerKey(client),
    (current) => {
      const d = decideQuote(current, now);
      return d.ok ? { result: d, next: d.next } : { result: d };
    },
  );
  const retryAfter = !decision ? 2 : decision.ok ? null : decision.retryAfterSeconds;
  if (retryAfter !== null) {
    throw new HttpError(429, QUOTE_QUOTA_MESSAGE, undefined, { "Retry-After": String(retryAfter) });
  }
}

/** Gives back a charge taken at `now` (the quote was refused after all). */
export async function refundQuote(client: QuotaClient, now: number): Promise<void> {
  if (client.exempt) return;
  await updateJson<QuoteLedger, null>(LIMITS_STORE, ledgerKey(client), (current) => {
    if (!current) return { result: null };
    const index = current.at.indexOf(now);
    if (index === -1) return { result: null };
    return { result: null, next: { at: current.at.filter((_, i) => i !== index) } };
  });
}
