/**
 * The customer's side of the review e-mails' unsubscribe link (docs/reviews.md): whether a link is
 * good, and the POST that stops every review e-mail of that lead not yet sent. GET never changes
 * anything: mail scanners follow links in e-mails, and they must not unsubscribe anyone.
 */
import { updateMailState } from "../mail/outbox.ts";
import { isUuid } from "../http/uuid.ts";
import { readQuote } from "../quote/quote-store.ts";
import { cancelPendingReviews, tokenMatches } from "./review-requests.ts";

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
  await updateMailState(id, (record) => {
    const review = record.review;
    if (!review) {
      state = "invalid";
      return null;
    }
    if (review.optedOutAt) {
      state = "already";
      return null;
    }
    state = "stopped";
    return {
      notifications: cancelPendingReviews(record.notifications ?? [], now),
      fields: { review: { ...review, optedOutAt: new Date(now).toISOString() } },
      result: undefined,
    };
  });
  return state;
}
