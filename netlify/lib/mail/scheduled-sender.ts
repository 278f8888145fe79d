/**
 * The scheduled sender's run (send-notifications, every 5 minutes): the owner's hourly summaries
 * that are due, then every e-mail of the one outbox that is due (mail-jobs.ts), the longest waiting
 * first, all within one time budget. Apart from mail-jobs.ts so that a change's own send, right
 * after its answer, never loads the summaries.
 */
import { sendDueMail } from "./mail-jobs.ts";
import { mailSettings } from "./mailer.ts";
import { isLeadMailKind } from "./lead-mail.ts";
import { deliverOwnerSummaries } from "./owner-summary.ts";

/** The scheduled sender stops starting new e-mails after this long, and bounds each send, so a
 * run ends well inside the platform's 30 s limit for scheduled functions. */
const SCHEDULED_BUDGET_MS = 15_000;
const SCHEDULED_SEND_TIMEOUT_MS = 10_000;
/** E-mails taken per scheduled run, the longest waiting first. */
const SCHEDULED_BATCH = 300;

/**
 * One run of the scheduled sender; counts of what it tried: `quotes`, the leads whose own e-mails
 * (the quote's, the review's) it tried, and `jobs`, the other e-mails.
 */
export async function deliverOutbox(): Promise<{ quotes: number; summaries: number; jobs: number }> {
  const settings = await mailSettings();
  if (!settings.smtpUrl) return { quotes: 0, summaries: 0, jobs: 0 };
  const started = Date.now();
  const summaries = await deliverOwnerSummaries(settings, started);
  const tried = await sendDueMail({
    limit: SCHEDULED_BATCH,
    budgetMs: Math.max(0, SCHEDULED_BUDGET_MS - (Date.now() - started)),
    timeoutMs: SCHEDULED_SEND_TIMEOUT_MS,
  });
  const leads = new Set(tried.filter((job) => isLeadMailKind(job.kind)).map((job) => job.leadId));
  return { quotes: leads.size, summaries, jobs: tried.filter((job) => !isLeadMailKind(job.kind)).length };
}
