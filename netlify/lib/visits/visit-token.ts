/**
 * The secret of a visit link (/visit/{token}, docs/visits.md). The token is 256 bits: an HMAC, under
 * the site's client-key secret, of a random 128-bit nonce. The database keeps the nonce and the
 * token's SHA-256, never the token, so a copy of the database (a Deploy Preview's branch, a backup)
 * opens no link; the e-mails, written when they are sent, make the token again from the nonce.
 */
import { createHash, createHmac, randomBytes } from "node:crypto";
import { clientKeySecret } from "../admin/secrets.ts";

/** The token's form in a URL: 43 base64url characters. */
export const VISIT_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const newNonce = () => randomBytes(16).toString("base64url");

export function tokenOf(nonce: string): string {
  return createHmac("sha256", clientKeySecret()).update(`visit-link\0${nonce}`).digest("base64url");
}

export const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

export const visitPageUrl = (siteUrl: string, token: string) => `${siteUrl}/visit/${token}`;
