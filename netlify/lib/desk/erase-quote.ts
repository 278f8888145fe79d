/**
 * Erasing a quote: the one function that removes every entry a lead leaves, whether the owner
 * deletes it or retention does. The lead leaves the index first, so the desk stops showing it at
 * once; then its attachments, record, outbox entry, reference and idempotency key go.
 */
import { deleteQuote, type QuoteRecord } from "../quote/quote-store.ts";
import { indexErasure } from "./lead-index.ts";

export type ErasableQuote = Pick<QuoteRecord, "id" | "createdAt" | "reference" | "idempotencyKeyHash">;

export async function eraseQuote(quote: ErasableQuote): Promise<void> {
  await indexErasure(quote);
  await deleteQuote(quote);
}
