/**
 * The customer's side of the review e-mails' unsubscribe link (docs/reviews.md): whether a link is
 * good, and the POST that stops every review e-mail of that lead not yet sent. GET never changes
 * anything: mail scanners follow links in e-mails, and they must not unsubscribe anyone.
 */
import { cancelReviewMail } from "../mail/lead-mail.ts";
import { isUuid } from "../http/uuid.ts";
import { readQuote, updateQuote } from "../quote/quote-store.ts";
import { tokenMatches } from "./review-requests.ts";

/** `valid`: the link may stop e-mails; `stopped`: it just did; `already`: it had before. */
export type LinkState = "valid" | "stopped" | "already" | "invalid";

/** GET: what the link would do, changing nothing. */
export async function checkUnsubscribeLink(id: string, token: string): Promise<LinkState> {
  if (!isUuid(id)) return "invalid";
  const record = await readQuote(id);
  if (!record || !(await tokenMatches(id, token))) return "invalid";
  return record.review?.optedOutAt ? "already" : "valid";
}

/** POST: records the opt-out and cancels the lead's review e-mails not yet sent. */
export async function stopReviewEmails(id: string, token: string, now = Date.now()): Promise<LinkState> {
  if (!isUuid(id) || !(await tokenMatches(id, token))) return "invalid";
  let state: LinkState = "invalid";
  await updateQuote(id, async (record, client) => {
    const review = record?.notifications ? record.review : undefined;
    if (!record || !review) {
      state = "invalid";
      return { result: undefined };
    }
    if (review.optedOutAt) {
      state = "already";
      return { result: undefined };
    }
    state = "stopped";
    await cancelReviewMail(client, id, now);
    return {
      next: { ...record, review: { ...review, optedOutAt: new Date(now).toISOString() } },
      result: undefined,
    };
  });
  return state;
}
