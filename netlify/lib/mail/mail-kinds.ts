/**
 * The templates of the mail jobs (mail-jobs.ts), by kind. Each is loaded only when an e-mail of
 * its kind is sent, so a function that only queues e-mails never bundles a template it does not
 * run. A feature adds its kinds here.
 */
import { LEAD_MAIL_RENDERERS } from "./lead-mail-sender.ts";
import type { MailRenderer } from "./mail-job.ts";
import { PAYMENT_MAIL } from "../payments/payment-mail-kinds.ts";
import { PROPOSAL_MAIL } from "../proposals/proposal-mail-kinds.ts";

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
  ...LEAD_MAIL_RENDERERS,
  "visit-invitation": visitTemplate("visit-invitation"),
  "visit-customer": visitTemplate("visit-customer"),
  "visit-owner": visitTemplate("visit-owner"),
  "visit-reminder": visitTemplate("visit-reminder"),
  ...Object.fromEntries(Object.values(PROPOSAL_MAIL).map((kind) => [kind, proposal(kind)])),
  ...Object.fromEntries(Object.values(PAYMENT_MAIL).map((kind) => [kind, payment(kind)])),
};
