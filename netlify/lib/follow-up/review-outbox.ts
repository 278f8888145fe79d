/**
 * The review request's first send (docs/reviews.md): the owner's change to `completed` queues the
 * request in the one outbox in the same transaction as the status (follow-up/status-change.ts);
 * this sends it right after the owner's answer, as a quote's e-mails go after the visitor's 201.
 * Should that send never run, the scheduled sender finds the e-mail due.
 */

/** Sends the lead's due e-mails now; the mail code loads only here, after the response. */
export async function sendReviewRequest(id: string): Promise<void> {
  const { deliverLeadMail } = await import("../mail/lead-mail-sender.ts");
  await deliverLeadMail(id);
}
