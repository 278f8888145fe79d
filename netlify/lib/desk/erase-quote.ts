/**
 * Erasing a quote: the one function that removes everything a lead leaves, whether the owner
 * deletes it or retention does. One transaction writes its tombstone (id and date, nothing personal)
 * and the activity log entry, and deletes its row, its e-mails and its idempotency key; then its
 * attachment bytes are deleted from Blobs, with whatever a version before the database kept of the
 * lead there (its record, outbox mark, reference reservation and idempotency key, which
 * `npm run import:blob-records` copied). A backup restored later never brings the lead back
 * (docs/security.md). Price guide calibration reads the leads themselves, so it follows at once.
 * Its accounts stay, pseudonymised, with their documents as issued (payments/records-erasure.ts).
 */
import { keepingAccounts, pseudonymiseAccounts } from "../payments/records-erasure.ts";
import { deleteAttachments, deleteLegacyRecord } from "../quote/attachment-store.ts";
import { deleteQuoteRows, type QuoteRecord } from "../quote/quote-store.ts";
import { recordErasure } from "../quote/tombstone-store.ts";

export type ErasableQuote = Pick<QuoteRecord, "id">;

/**
 * False when nothing was erased: no such lead (its attachments, if any, are deleted all the same),
 * or, with `expiredBefore`, a lead that is no longer expired.
 */
export async function eraseQuote(
  quote: ErasableQuote,
  by: "owner" | "retention",
  now = Date.now(),
  options: { expiredBefore?: string; session?: string } = {},
): Promise<boolean> {
  const erased = await keepingAccounts([quote.id], () =>
    deleteQuoteRows(
      quote.id,
      async (client) => {
        await pseudonymiseAccounts(client, [quote.id]);
        await recordErasure(client, quote.id, by, now, options.session);
      },
      options,
    ),
  );
  if (erased || options.expiredBefore === undefined) {
    await deleteAttachments(quote.id);
    // What a version before the database kept of it in Blobs, if anything.
    await deleteLegacyRecord(quote.id, erased ?? {});
  }
  return erased !== null;
}
