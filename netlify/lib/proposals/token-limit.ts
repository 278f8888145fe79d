/**
 * Requests to the written quotes' token endpoints per client (docs/proposals.md, "Links"): at most
 * TOKEN_REQUESTS_PER_CLIENT in any TOKEN_WINDOW_MS for one client network (client-key.ts), then 429
 * with Retry-After. A customer reading, accepting and downloading their quote makes a handful; a
 * guesser is stopped long before a 256-bit token could be found, and each guess costs a ledger write.
 */
import { clientKeys } from "../http/client-key.ts";
import { HttpError } from "../http/http-error.ts";
import { updateJson } from "../limits/ledger-store.ts";

/**
 * Store of the token request counts: a store of its own, because every request is counted, a
 * refused one too (the quotas' store is only written when something is stored). Keys hold HMACs
 * of networks. Left out of backups: it only counts.
 */
export const TOKEN_LIMITS_STORE = "proposal-token-limits";

export const TOKEN_REQUESTS_PER_CLIENT = 60;
export const TOKEN_WINDOW_MS = 10 * 60 * 1000;
export const TOKEN_LIMIT_MESSAGE =
  "Too many requests for quotes from your connection. Please wait a few minutes, or call us.";

interface TokenLedger {
  at: number[];
}

export function decideTokenRequest(
  ledger: TokenLedger | null,
  now: number,
): { ok: true; next: TokenLedger } | { ok: false; retryAfterSeconds: number } {
  const live = (ledger?.at ?? [])
    .filter((at) => at > now - TOKEN_WINDOW_MS && at <= now)
    .sort((a, b) => a - b);
  if (live.length < TOKEN_REQUESTS_PER_CLIENT) return { ok: true, next: { at: [...live, now] } };
  const freedAt = live[live.length - TOKEN_REQUESTS_PER_CLIENT]! + TOKEN_WINDOW_MS;
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((freedAt - now) / 1000)) };
}

/** Counts one request of the client (and its IPv6 /48), or throws 429. */
export async function chargeTokenRequest(
  req: Request,
  context: { ip?: string } | undefined,
  now = Date.now(),
): Promise<void> {
  for (const { key } of clientKeys(req, context, "proposal-token")) {
    const decision = await updateJson<TokenLedger, ReturnType<typeof decideTokenRequest>>(
      TOKEN_LIMITS_STORE,
      `proposal-token/${key}`,
      (current) => {
        const d = decideTokenRequest(current, now);
        return d.ok ? { result: d, next: d.next } : { result: d };
      },
    );
    const retryAfter = !decision ? 2 : decision.ok ? null : decision.retryAfterSeconds;
    if (retryAfter !== null)
      throw new HttpError(429, TOKEN_LIMIT_MESSAGE, undefined, { "Retry-After": String(retryAfter) });
  }
}
