/**
 * The scheduled sender's run (send-notifications, every 5 minutes): the owner's hourly summaries
 * that are due, then every lead with a quote e-mail due, the oldest deadline first, then the mail
 * jobs (written quotes, visits), all within one time budget. Apart from outbox.ts so that the
 * quote's own path, which sends through the outbox, never loads the summaries or the jobs.
 */
import { database } from "../database/database.ts";
import { deliverMailJobs } from "./mail-jobs.ts";
import { mailSettings } from "./mailer.ts";
import { deliverQuote } from "./outbox.ts";
import { deliverOwnerSummaries } from "./owner-summary.ts";

/** The scheduled sender stops starting new quotes after this long, and bounds each send, so a
 * run ends well inside the platform's 30 s limit for scheduled functions. */
const SCHEDULED_BUDGET_MS = 15_000;
const SCHEDULED_SEND_TIMEOUT_MS = 10_000;
/** Leads with due e-mails taken per scheduled run, oldest deadline first. */
const SCHEDULED_BATCH = 200;

/** Leads with an e-mail due now (pending, not waiting for a summary, a retry or a live lease). */
async function leadsWithDueMail(now: number): Promise<string[]> {
  const { rows } = await database().query<{ lead_id: string }>(
    `SELECT lead_id FROM lead_emails
      WHERE status = 'pending' AND summary_hour IS NULL
        AND (next_attempt_at IS NULL OR next_attempt_at <= $1)
        AND (lease_until IS NULL OR lease_until <= $1)
      GROUP BY lead_id ORDER BY min(give_up_at) LIMIT ${SCHEDULED_BATCH}`,
    [new Date(now).toISOString()],
  );
  return rows.map((row) => row.lead_id);
}

/** One run of the scheduled sender; counts of what it tried. */
export async function deliverOutbox(): Promise<{ quotes: number; summaries: number; jobs: number }> {
  const settings = await mailSettings();
  if (!settings.smtpUrl) return { quotes: 0, summaries: 0, jobs: 0 };
  const started = Date.now();
  const summaries = await deliverOwnerSummaries(settings, started);
  let quotes = 0;
  for (const id of await leadsWithDueMail(started)) {
    if (Date.now() - started > SCHEDULED_BUDGET_MS) break;
    quotes++;
    await deliverQuote(id, SCHEDULED_SEND_TIMEOUT_MS);
  }
  // Then the e-mails about what follows a lead, in what is left of the budget.
  const jobs = await deliverMailJobs({
    limit: 100,
    budgetMs: Math.max(0, SCHEDULED_BUDGET_MS - (Date.now() - started)),
    timeoutMs: SCHEDULED_SEND_TIMEOUT_MS,
  });
  return { quotes, summaries, jobs };
}
