/**
 * Requests per client to the public endpoints that answer a secret or a guess (docs/security.md):
 * a customer's link to a visit (`/api/visits/{token}`) or a written quote (`/api/proposals/{token}`
 * and the rest of its links, proposals/token-limit.ts), and the guarantee check. At most
 * `rule.limit` requests of one rule by one client network (IPv4 address or IPv6 /64,
 * client-key.ts) and by its IPv6 /48 in any `rule.windowMs`; beyond: 429 with Retry-After. A link's
 * token is 256 bits, so this is not what stops guessing; it keeps one client from hammering the
 * database through a public endpoint. The function's `config.rateLimit` adds the platform's own.
 */
import { clientKeys } from "../http/client-key.ts";
import { HttpError } from "../http/http-error.ts";
import { chargeLedgers, decideWindow } from "./limit-charges.ts";

export const LINK_REQUESTS_PER_CLIENT = 60;
export const LINK_WINDOW_MS = 10 * 60 * 1000;
export const LINK_LIMIT_MESSAGE =
  "Too many requests from your connection. Please wait a few minutes, or call us.";

/** One limit of requests per client network: its name (the ledgers' rule), size, window and refusal. */
export interface LinkRule {
  name: string;
  limit: number;
  windowMs: number;
  message: string;
}

/**
 * Counts one request of `rule` from the caller's network and its IPv6 /48 (table `limit_charges`),
 * both or neither, or throws 429 with `rule.message` and Retry-After.
 */
export async function chargeClientWindow(
  req: Request,
  context: { ip?: string } | undefined,
  rule: LinkRule,
  now = Date.now(),
): Promise<void> {
  const ledgers = (await clientKeys(req, context, rule.name)).map(({ key }) => ({
    rule: rule.name,
    subject: key,
    windowMs: rule.windowMs,
  }));
  const retryAfter = await chargeLedgers(ledgers, now, (charges) => {
    for (const live of charges) {
      const decided = decideWindow(
        live.map((charge) => charge.at),
        now,
        rule.limit,
        rule.windowMs,
      );
      if (!decided.ok) return { result: decided.retryAfterSeconds };
    }
    return { result: null, add: ledgers.map(() => [1]) };
  });
  if (retryAfter !== null)
    throw new HttpError(429, rule.message, undefined, { "Retry-After": String(retryAfter) });
}

/** Counts one request to a customer's link of `purpose` ("visits"), or throws 429 with Retry-After. */
export async function chargeLinkRequest(
  req: Request,
  context: { ip?: string } | undefined,
  purpose: string,
  now = Date.now(),
): Promise<void> {
  await chargeClientWindow(
    req,
    context,
    {
      name: `link-${purpose}`,
      limit: LINK_REQUESTS_PER_CLIENT,
      windowMs: LINK_WINDOW_MS,
      message: LINK_LIMIT_MESSAGE,
    },
    now,
  );
}
