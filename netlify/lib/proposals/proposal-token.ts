/**
 * The customer's link to a written quote: `/quote/{token}`. The token is an HMAC (SHA-256, 256
 * bits) of the proposal's id under the client-key secret (CLIENT_KEY_SECRET, else the session
 * secret), so the e-mails written later (reminders, the confirmation) can carry the same link while
 * the database keeps only the token's SHA-256: a copy of the database opens no quote.
 * Changing that secret leaves the links already sent working (their hashes are stored) but makes
 * the links of e-mails still to be written disagree; docs/proposals.md says so.
 */
import { createHmac } from "node:crypto";
import { clientKeySecret } from "../admin/secrets.ts";
import { sha256 } from "./proposal-document.ts";

/** 43 URL-safe characters. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function proposalToken(proposalId: string): string {
  return createHmac("sha256", clientKeySecret()).update(`proposal-link\0${proposalId}`).digest("base64url");
}

export const tokenHashOf = (token: string) => sha256(token);

export const customerPath = (token: string) => `/quote/${token}`;
