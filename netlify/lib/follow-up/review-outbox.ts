/**
 * The review request's way through the e-mail outbox when the owner marks a lead `completed`
 * (docs/reviews.md): like a quote's e-mails, the outbox entry is written before the record that
 * makes the e-mail due, and the first send runs after the owner's answer.
 */
import { isQuoteId } from "../desk/admin-quote.ts";
import { readQuote, saveOutboxEntry } from "../quote/quote-store.ts";

/**
 * Before a change to `completed`: the outbox entry that lets the scheduled sender find the request
 * should the send after the response never run. Harmless when nothing becomes due (a lead completed
 * before, or a change that fails): the sender drops an entry with nothing pending.
 */
export async function expectReviewRequest(id: string, now = Date.now()): Promise<void> {
  // An unknown lead gets nothing: the change that follows answers 404.
  if (isQuoteId(id) && (await readQuote(id)))
    await saveOutboxEntry(id, { createdAt: new Date(now).toISOString() });
}

/** Sends the lead's due e-mails now; the mail code loads only here, after the response. */
export async function sendReviewRequest(id: string): Promise<void> {
  const { deliverQuote } = await import("../mail/outbox.ts");
  await deliverQuote(id);
}
