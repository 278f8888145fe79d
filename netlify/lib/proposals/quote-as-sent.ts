/**
 * The written quote's PDF as the customer received it (docs/proposals.md, "The quote as sent"):
 * drawn once in each of its two states — as sent (the e-mail that sends it draws it first) and as
 * accepted (with the acceptance) — and kept in `issued_documents` under the quote's number, and
 * the number followed by `/accepted`. Every later e-mail or download serves those bytes, whatever
 * changes afterwards in the business's details, its terms or the PDF's layout. The kept copies go
 * with the lead when it is erased (payments/records-erasure.ts).
 */
import { keptPdf, type IssuedPdf } from "../payments/issued-documents.ts";
import type { QuoteView } from "../../../src/lib/proposals/quote-document.ts";
import type { ProposalPdfExtras } from "./proposal-pdf.ts";

/** The key the quote's PDF is kept under in its present state. */
export const quotePdfKey = (view: Pick<QuoteView, "number" | "decision">): string =>
  view.decision?.kind === "accepted" ? `${view.number}/accepted` : view.number;

/** `extras` (the property's address) is read only when the PDF is drawn, once per state. */
export function quotePdfAsSent(
  view: QuoteView,
  extras: () => Promise<ProposalPdfExtras>,
): Promise<IssuedPdf> {
  return keptPdf(quotePdfKey(view), async () => {
    // The PDF writer and its fonts load only when the quote is drawn.
    const { proposalPdf, proposalPdfName } = await import("./proposal-pdf.ts");
    return { name: proposalPdfName(view), bytes: await proposalPdf(view, await extras()) };
  });
}
