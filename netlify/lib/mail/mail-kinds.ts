/**
 * The templates of the mail jobs (mail-jobs.ts), by kind. Each is loaded only when an e-mail of
 * its kind is sent, so a function that only queues e-mails never bundles a template it does not
 * run. A feature adds its kinds here.
 */
import type { Queryable } from "../database/database.ts";
import { queueReviewReminder } from "./lead-mail.ts";
import type { MailJob, MailRenderer } from "./mail-job.ts";
import { PAYMENT_MAIL } from "../payments/payment-mail-kinds.ts";
import { PROPOSAL_MAIL } from "../proposals/proposal-mail-kinds.ts";

/** A lead's own e-mails: the quote's two (docs/email.md), the review request and reminder (docs/reviews.md). */
const quote = (kind: string) => async () =>
  (await import("./emails/quote-emails.tsx")).QUOTE_RENDERERS[kind]!;
const review = (kind: string) => async () =>
  (await import("./emails/review-emails.tsx")).REVIEW_RENDERERS[kind]!;

/** A template of emails/visit-emails.tsx, loaded on first use (docs/visits.md). */
const visitTemplate =
  (kind: string): (() => Promise<MailRenderer>) =>
  async () =>
    (await import("./emails/visit-emails.tsx")).VISIT_RENDERERS[kind]!;

/** The written quotes' e-mails (docs/proposals.md). */
const proposal = (kind: string) => async () =>
  (await import("./emails/proposal-emails.tsx")).PROPOSAL_RENDERERS[kind]!;

/** Getting paid's e-mails (docs/payments.md). */
const payment = (kind: string) => async () =>
  (await import("./emails/payment-emails.tsx")).PAYMENT_RENDERERS[kind]!;

export const MAIL_RENDERERS: Record<string, () => Promise<MailRenderer>> = {
  owner: quote("owner"),
  receipt: quote("receipt"),
  review: review("review"),
  reminder: review("reminder"),
  "visit-invitation": visitTemplate("visit-invitation"),
  "visit-customer": visitTemplate("visit-customer"),
  "visit-owner": visitTemplate("visit-owner"),
  "visit-reminder": visitTemplate("visit-reminder"),
  ...Object.fromEntries(Object.values(PROPOSAL_MAIL).map((kind) => [kind, proposal(kind)])),
  ...Object.fromEntries(Object.values(PAYMENT_MAIL).map((kind) => [kind, payment(kind)])),
};

/** What a job of a kind queues once it is sent, in the transaction that records it as sent. */
export const AFTER_SENT: Record<string, (client: Queryable, job: MailJob, sentAt: number) => Promise<void>> =
  {
    review: (client, job, sentAt) => queueReviewReminder(client, job.leadId, sentAt),
  };
