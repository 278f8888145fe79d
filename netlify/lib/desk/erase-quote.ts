/**
 * Erasing a quote: the one function that removes every entry a lead leaves, whether the owner
 * deletes it or retention does. The lead leaves the index first, so the desk stops showing it at
 * once; then its attachments, record, outbox entry, reference and idempotency key go. A tombstone
 * (id and date, nothing personal) is written first, so a backup restored later never brings the
 * lead back (docs/security.md); its mark on the owner's follow-up list and its price guide
 * calibration point go with it.
 */
import { clearFailedMail } from "../follow-up/follow-up-store.ts";
import { forgetCalibration } from "../price-guide/calibration.ts";
import { deleteQuote, type QuoteRecord } from "../quote/quote-store.ts";
import { recordErasure } from "../quote/tombstone-store.ts";
import { indexErasure } from "./lead-index.ts";

export type ErasableQuote = Pick<QuoteRecord, "id" | "createdAt" | "reference" | "idempotencyKeyHash"> &
  Partial<Pick<QuoteRecord, "estimate">>;

export async function eraseQuote(
  quote: ErasableQuote,
  by: "owner" | "retention",
  now = Date.now(),
): Promise<void> {
  await recordErasure(quote.id, by, now);
  await indexErasure(quote);
  await deleteQuote(quote);
  await clearFailedMail(quote.id);
  if (quote.estimate) await forgetCalibration(quote.id);
}
