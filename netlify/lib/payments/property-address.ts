/**
 * The property a written quote is for, as its PDF names it (docs/proposals.md, "The PDF"): the
 * address of the survey visit, else the one the customer gave when accepting, else the one given
 * whole with the quote request: the order the invoice and the certificate take it in
 * (payments.ts, `issueCompletionDocuments`). Null when none is known yet.
 */
import type { PostalAddress } from "../../../src/lib/payments/payment-documents.ts";
import { database, type Queryable } from "../database/database.ts";
import { acceptanceOf, proposalByToken, type ProposalRow } from "../proposals/proposal-records.ts";
import { TOKEN_PATTERN } from "../proposals/proposal-token.ts";
import { leadAddress } from "../quote/quote-store.ts";
import { visitAddressOfLead } from "../visits/visit-records.ts";

export async function propertyAddressOfProposal(
  row: Pick<ProposalRow, "id" | "lead_id">,
  client: Queryable = database(),
): Promise<PostalAddress | null> {
  const visit = await visitAddressOfLead(client, row.lead_id);
  if (visit) return visit;
  const accepted = (await acceptanceOf(row.id, client))?.property_address;
  if (accepted) return accepted;
  const given = await leadAddress(client, row.lead_id);
  return given?.line1 && given.town && given.postcode ? given : null;
}

const proposalOfToken = async (token: string) =>
  TOKEN_PATTERN.test(token) ? await proposalByToken(token) : null;

/** The same for the quote a customer's link opens (null: no such quote, or no address known). */
export async function propertyAddressOfToken(token: string): Promise<PostalAddress | null> {
  const row = await proposalOfToken(token);
  return row ? propertyAddressOfProposal(row) : null;
}

/**
 * The property's address as the customer's quote page knows it. Before acceptance, what the
 * acceptance's form starts from: the survey visit's, else the one given with the quote request, a
 * part left out as `""` (the customer may change it). Once accepted, the property the quote is for,
 * as its PDF names it (`propertyAddressOfProposal`). Null when none is known.
 */
export async function knownPropertyAddress(token: string): Promise<PostalAddress | null> {
  const row = await proposalOfToken(token);
  if (!row) return null;
  if (await acceptanceOf(row.id)) return propertyAddressOfProposal(row);
  return (await visitAddressOfLead(database(), row.lead_id)) ?? (await leadAddress(database(), row.lead_id));
}
