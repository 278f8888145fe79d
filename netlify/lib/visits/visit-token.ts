/**
 * The visit link (/visit/{token}, docs/visits.md): a random 256-bit token kept only as its hash
 * (netlify/lib/links/link-tokens.ts), drawn for the desk when the owner invites and for each
 * e-mail that carries the link when it is written.
 */
import type { Queryable } from "../database/database.ts";
import { issueLinkToken } from "../links/link-tokens.ts";
import type { Invitation } from "./visit-records.ts";

/** The token's form in a URL: 43 base64url characters. */
export const VISIT_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const visitPageUrl = (siteUrl: string, token: string) => `${siteUrl}/visit/${token}`;

/** A new link to the invitation's page, its token's hash stored in the caller's transaction. */
export async function newVisitLink(
  client: Queryable,
  invitation: Pick<Invitation, "id" | "leadId">,
  siteUrl: string,
  now = Date.now(),
): Promise<string> {
  const token = await issueLinkToken(
    client,
    { purpose: "visit", leadId: invitation.leadId, subjectId: invitation.id },
    now,
  );
  return visitPageUrl(siteUrl, token);
}
