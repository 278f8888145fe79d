/**
 * Requests to a customer's secret link per client (docs/visits.md, docs/security.md): at most
 * LINK_REQUESTS_PER_CLIENT calls of the link endpoints (`/api/visits/{token}`) by one client (IPv4
 * address or IPv6 /64, client-key.ts) in any LINK_WINDOW_MS. Beyond: 429 with Retry-After. A link's
 * token is 256 bits, so this is not what stops guessing; it keeps one client from hammering the
 * database through a public endpoint. The function's `config.rateLimit` adds the platform's own.
 */
import { clientKey, clientKeys } from "../http/client-key.ts";
import { HttpError } from "../http/http-error.ts";
import { LIMITS_STORE, updateJson } from "./ledger-store.ts";

export const LINK_REQUESTS_PER_CLIENT = 60;
export const LINK_WINDOW_MS = 10 * 60 * 1000;
export const LINK_LIMIT_MESSAGE =
  "Too many requests from your connection. Please wait a few minutes, or call us.";

interface LinkLedger {
  /** When each request came (ms), oldest first. */
  at: number[];
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** Whether one more request fits at `now`; the ledger to store when it does. */
export function decideLink(
  ledger: LinkLedger | null,
  now: number,
  limit = LINK_REQUESTS_PER_CLIENT,
  windowMs = LINK_WINDOW_MS,
): { ok: true; next: LinkLedger } | { ok: false; retryAfterSeconds: number } {
  const live = (ledger?.at ?? []).filter((at) => at > now - windowMs && at <= now).sort((a, b) => a - b);
  if (live.length < limit) return { ok: true, next: { at: [...live, now] } };
  const freedAt = live[live.length - limit]! + windowMs;
  return { ok: false, retryAfterSeconds: seconds(freedAt - now) };
}

/**
 * Counts one request of `name` from the caller's network and its IPv6 /48 (client-key.ts), at
 * most `limit` in any `windowMs` for each, or throws 429 with `message` and Retry-After. For public
 * endpoints that answer a guess (the guarantee check).
 */
export async function chargeClientWindow(
  req: Request,
  context: { ip?: string } | undefined,
  rule: { name: string; limit: number; windowMs: number; message: string },
  now = Date.now(),
): Promise<void> {
  for (const { key } of clientKeys(req, context, rule.name)) {
    const decision = await updateJson<LinkLedger, ReturnType<typeof decideLink>>(
      LIMITS_STORE,
      `${rule.name}/${key}`,
      (current) => {
        const d = decideLink(current, now, rule.limit, rule.windowMs);
        return d.ok ? { result: d, next: d.next } : { result: d };
      },
    );
    const retryAfter = !decision ? 2 : decision.ok ? null : decision.retryAfterSeconds;
    if (retryAfter !== null)
      throw new HttpError(429, rule.message, undefined, { "Retry-After": String(retryAfter) });
  }
}

/** Counts one request of `purpose` ("visits") from the caller, or throws 429 with Retry-After. */
export async function chargeLinkRequest(
  req: Request,
  context: { ip?: string } | undefined,
  purpose: string,
  now = Date.now(),
): Promise<void> {
  const { key } = clientKey(req, context, `link-${purpose}`);
  const decision = await updateJson<LinkLedger, ReturnType<typeof decideLink>>(
    LIMITS_STORE,
    `links/${purpose}/${key}`,
    (current) => {
      const d = decideLink(current, now);
      return d.ok ? { result: d, next: d.next } : { result: d };
    },
  );
  const retryAfter = !decision ? 2 : decision.ok ? null : decision.retryAfterSeconds;
  if (retryAfter !== null) {
    throw new HttpError(429, LINK_LIMIT_MESSAGE, undefined, { "Retry-After": String(retryAfter) });
  }
}
