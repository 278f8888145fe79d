/**
 * The tokens of the customers' links (table `link_tokens`, docs/security.md "Customers' links"): a
 * visit invitation (`/visit/{token}`), a written quote (`/quote/{token}`) and the review e-mails'
 * unsubscribe link. A token is random (256 bits, 144 for the review link's shorter form) and only
 * its SHA-256 is stored, so a copy of the database or a backup opens no link.
 *
 * Every e-mail that carries a link draws a token of its own when it is written (`issueLinkToken`),
 * as does the desk when it shows the owner a link: nothing keeps a token for later. All the tokens
 * of a record open it; the record's own rules (a quote's expiry, an opt-out) close it, and a new
 * visit invitation revokes the old one's (`revokeLinkTokens`).
 */
import { createHash, randomBytes } from "node:crypto";
import type { Queryable } from "../database/database.ts";
import { iso } from "../http/iso-time.ts";

export type LinkPurpose = "visit" | "quote" | "review";

/** A token of `bytes` random bytes in a URL: base64url, 43 characters for 32 bytes. */
export const newLinkToken = (bytes = 32): string => randomBytes(bytes).toString("base64url");

/** What is stored of a token: its SHA-256, hex. */
export const hashLinkToken = (token: string): string =>
  createHash("sha256").update(token, "utf8").digest("hex");

/**
 * Draws a token for a link to `subjectId` (the invitation, the quote, or the lead of review
 * e-mails) and stores its hash in the caller's transaction; returns the token, for the one page
 * or e-mail that shows it.
 */
export async function issueLinkToken(
  client: Queryable,
  link: { purpose: LinkPurpose; leadId: string; subjectId: string; bytes?: number },
  now = Date.now(),
): Promise<string> {
  const token = newLinkToken(link.bytes);
  await client.query(
    `INSERT INTO link_tokens (token_hash, lead_id, purpose, subject_id, created_at) VALUES ($1, $2, $3, $4, $5)`,
    [hashLinkToken(token), link.leadId, link.purpose, link.subjectId, iso(now)],
  );
  return token;
}

/** The record a token opens for `purpose`, or null when it opens none. */
export async function linkSubject(
  client: Queryable,
  purpose: LinkPurpose,
  token: string,
): Promise<string | null> {
  const { rows } = await client.query<{ subject_id: string }>(
    "SELECT subject_id FROM link_tokens WHERE token_hash = $1 AND purpose = $2",
    [hashLinkToken(token), purpose],
  );
  return rows[0]?.subject_id ?? null;
}

/** Closes every link to `subjectId` for `purpose`, in the caller's transaction. */
export async function revokeLinkTokens(
  client: Queryable,
  purpose: LinkPurpose,
  subjectId: string,
): Promise<void> {
  await client.query("DELETE FROM link_tokens WHERE purpose = $1 AND subject_id = $2", [purpose, subjectId]);
}
