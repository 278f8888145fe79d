/**
 * Requests to the written quotes' token endpoints per client (docs/proposals.md, "Links"): at most
 * TOKEN_REQUESTS_PER_CLIENT in any TOKEN_WINDOW_MS for one client network and its IPv6 /48, then
 * 429 with Retry-After, through the one link limiter (limits/link-limit.ts). A customer reading,
 * accepting and downloading their quote makes a handful; a guesser is stopped long before a
 * 256-bit token could be found.
 */
import { requireMethod } from "../http/http-error.ts";
import { chargeClientWindow, type LinkRule } from "../limits/link-limit.ts";

export const TOKEN_REQUESTS_PER_CLIENT = 60;
export const TOKEN_WINDOW_MS = 10 * 60 * 1000;
export const TOKEN_LIMIT_MESSAGE =
  "Too many requests for quotes from your connection. Please wait a few minutes, or call us.";

const TOKEN_RULE: LinkRule = {
  name: "proposal-token",
  limit: TOKEN_REQUESTS_PER_CLIENT,
  windowMs: TOKEN_WINDOW_MS,
  message: TOKEN_LIMIT_MESSAGE,
};

/** Counts one request of the client (and its IPv6 /48), or throws 429. */
export async function chargeTokenRequest(
  req: Request,
  context: { ip?: string } | undefined,
  now = Date.now(),
): Promise<void> {
  await chargeClientWindow(req, context, TOKEN_RULE, now);
}

/**
 * The start of every call on a customer's quote link: the methods allowed (else 405), one request
 * charged to the client (else 429); the link's token.
 */
export async function tokenRequest(
  req: Request,
  context: { ip?: string; params?: Record<string, string> } | undefined,
  methods: readonly string[],
): Promise<string> {
  requireMethod(req, methods);
  await chargeTokenRequest(req, context);
  return context?.params?.token ?? "";
}
