/**
 * Where a completed job's review request stands, as the lead desk shows it (docs/reviews.md).
 * Shipped to the browser: keep it free of Node APIs, astro:* and React.
 */
import { formatQuoteDate } from "../admin/dates";

export const REVIEW_STATES = ["pending", "sent", "reminded", "opted-out", "failed"] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

/** `review` of a lead in the admin API; null until the lead is first completed. */
export interface ReviewSummary {
  state: ReviewState;
  /** When the lead first became `completed` (the request was queued then). */
  completedAt: string;
  /** The request. */
  sentAt?: string;
  /** The reminder, while it waits for its day. */
  reminderDueAt?: string;
  remindedAt?: string;
  optedOutAt?: string;
  /** Why the request or the reminder failed. */
  error?: string;
}

export const REVIEW_STATE_LABELS: Record<ReviewState, string> = {
  pending: "Review request waiting to be sent",
  sent: "Review request sent",
  reminded: "Review reminder sent",
  "opted-out": "Customer stopped review e-mails",
  failed: "Review e-mail failed",
};

/** One line for the lead's detail: the state and its dates. */
export function describeReview(review: ReviewSummary): string {
  const when = (iso: string | undefined) => (iso ? ` ${formatQuoteDate(iso)}` : "");
  switch (review.state) {
    case "pending":
      return `${REVIEW_STATE_LABELS.pending} (job completed${when(review.completedAt)})`;
    case "sent":
      return `${REVIEW_STATE_LABELS.sent}${when(review.sentAt)}${
        review.reminderDueAt ? `; one reminder due${when(review.reminderDueAt)}` : ""
      }`;
    case "reminded":
      return `${REVIEW_STATE_LABELS.reminded}${when(review.remindedAt)}; nothing more will be sent`;
    case "opted-out":
      return `${REVIEW_STATE_LABELS["opted-out"]}${when(review.optedOutAt)}; nothing more will be sent`;
    case "failed":
      return `${REVIEW_STATE_LABELS.failed}: ${review.error ?? "unknown reason"}`;
  }
}

/**
 * A completed job's review request waits for its invoice to be paid (docs/reviews.md): the invoice
 * to name, or null when nothing waits — the request was queued already, the job is not complete,
 * or every invoice is paid.
 */
export function reviewWaitsFor(lead: {
  status?: string;
  review?: ReviewSummary | null;
  invoices?: { number: string; paidOn: string | null }[];
}): string | null {
  if (lead.status !== "completed" || lead.review) return null;
  return lead.invoices?.find((invoice) => invoice.paidOn === null)?.number ?? null;
}

/** The line the desk shows while the review request waits for the invoice. */
export const reviewWaitLine = (invoice: string) =>
  `waits for invoice ${invoice} to be paid, then goes to the customer`;

export function isReviewSummary(value: unknown): value is ReviewSummary | null | undefined {
  if (value === undefined || value === null) return true;
  if (typeof value !== "object") return false;
  const r = value as Record<string, unknown>;
  return (
    typeof r.state === "string" &&
    (REVIEW_STATES as readonly string[]).includes(r.state) &&
    typeof r.completedAt === "string"
  );
}
