/**
 * The customer's link to a written quote: `/quote/{token}`. The token is 256 random bits
 * (base64url) kept only as its hash (netlify/lib/links/link-tokens.ts): one is drawn when the quote
 * is sent (the desk's answer shows it to the owner) and one for each e-mail that carries the link
 * when it is written (the quote, its reminders, the confirmation, the invoice). Each opens the
 * quote; the quote's own state (expired, withdrawn, replaced) decides what the page allows.
 */
import type { Queryable } from "../database/database.ts";
import { issueLinkToken } from "../links/link-tokens.ts";

/** 43 URL-safe characters. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const customerPath = (token: string) => `/quote/${token}`;

/** A new link (its path) to a sent quote, its token's hash stored in the caller's transaction. */
export async function newQuoteLink(
  client: Queryable,
  proposal: { id: string; lead_id: string },
  now = Date.now(),
): Promise<string> {
  const token = await issueLinkToken(
    client,
    { purpose: "quote", leadId: proposal.lead_id, subjectId: proposal.id },
    now,
  );
  return customerPath(token);
}
