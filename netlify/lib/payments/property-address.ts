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

/** The same for the quote a customer's link opens (null: no such quote, or no address known). */
export async function propertyAddressOfToken(token: string): Promise<PostalAddress | null> {
  const row = TOKEN_PATTERN.test(token) ? await proposalByToken(token) : null;
  return row ? propertyAddressOfProposal(row) : null;
}
