/**
 * What a status change does to a lead besides the status (docs/reviews.md): it dates the change (the
 * morning digest tells open quotes by it), and the first change to `completed` queues the one
 * review request, unless the invoice it issues is still to be paid (then the payment does). Called inside the lead desk's transaction, so the status and the queued e-mail
 * land together or not at all.
 */
import { isLeadStatus, type LeadStatus } from "../../../src/lib/lead-model.ts";
import type { QuoteRecord } from "../quote/quote-store.ts";
import { hasReviewRequest, reviewRequestNotification } from "./review-requests.ts";

export function withStatus(
  current: QuoteRecord,
  status: LeadStatus,
  now: number,
  /** The job's invoice is issued with this change and not paid: the review request waits for it. */
  reviewWaits = false,
): QuoteRecord {
  const previous = isLeadStatus(current.status) ? current.status : "new";
  if (status === previous) return { ...current, status };
  const at = new Date(now).toISOString();
  const next: QuoteRecord = { ...current, status, statusChangedAt: at };
  // "First becomes completed": a lead marked completed again, even after another status, sends nothing.
  if (status === "completed" && !current.completedAt && !hasReviewRequest(current)) {
    next.completedAt = at;
    // Asked once the invoice is paid (askForReviewOncePaid), not before she has paid.
    if (!reviewWaits) {
      next.review = {};
      next.notifications = [...(current.notifications ?? []), reviewRequestNotification(now)];
    }
  }
  return next;
}
