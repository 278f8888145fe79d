/**
 * Mail jobs (table `mail_jobs`, docs/database.md): the e-mails about what follows a lead — a written
 * quote sent, accepted or declined, a visit booked or moved, a payment received — and their
 * reminders. A change queues its e-mails in its own transaction (`enqueueMail`, mail-queue.ts), so the e-mail is due
 * exactly when the change is stored; the change's function sends them right after answering
 * (`deliverMailJobs`), and the scheduled sender sends whatever is still due, retrying with backoff
 * for 24 hours.
 *
 * "Never twice": a sender claims due jobs in one statement (`FOR UPDATE SKIP LOCKED`, then a lease of
 * its own id); only the lease holder sends and records the outcome. The message is written at send
 * time from the records as they are then, by the template of the job's kind (mail-kinds.ts).
 */
import { randomUUID } from "node:crypto";
import { database } from "../database/database.ts";
import { logFailure } from "../http/http-error.ts";
import { iso, isoOrNull } from "../http/iso-time.ts";
import {
  mailSettings,
  sendMail,
  SendError,
  withoutAddresses,
  type MailSettings,
  type OutgoingMail,
} from "./mailer.ts";
import { MAIL_RENDERERS } from "./mail-kinds.ts";
import type { MailJob, MailRenderer } from "./mail-job.ts";
import { backoffMs, LEASE_MS, noteMailSettings, type Outcome } from "./send-policy.ts";

const renderers: Record<string, () => Promise<MailRenderer>> = { ...MAIL_RENDERERS };

/** Adds the template of a kind (the features do it in mail-kinds.ts; tests add their own). */
export function registerMailRenderer(kind: string, load: () => Promise<MailRenderer>): void {
  renderers[kind] = load;
}

interface JobRow {
  id: string;
  lead_id: string;
  kind: string;
  subject_id: string | null;
  attempts: number;
  due_at: Date;
  give_up_at: Date;
  created_at: Date;
}

const jobOf = (row: JobRow): MailJob => ({
  id: row.id,
  leadId: row.lead_id,
  kind: row.kind,
  subjectId: row.subject_id,
  attempts: row.attempts,
  dueAt: row.due_at.toISOString(),
  createdAt: row.created_at.toISOString(),
});

/**
 * Claims up to `limit` due jobs (of `ids` only, when given) under a new lease, in one statement:
 * rows another sender is claiming at the same moment are skipped, not waited for.
 */
async function claim(now: number, limit: number, ids?: readonly string[]) {
  const leaseId = randomUUID();
  const { rows } = await database().query<JobRow>(
    `UPDATE mail_jobs SET lease_id = $1, lease_until = $2, attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM mail_jobs
         WHERE status = 'pending' AND due_at <= $3 AND (lease_until IS NULL OR lease_until <= $3)
           AND ($4::uuid[] IS NULL OR id = ANY($4::uuid[]))
         ORDER BY due_at LIMIT ${Number(limit)} FOR UPDATE SKIP LOCKED)
      RETURNING id, lead_id, kind, subject_id, attempts, due_at, give_up_at, created_at`,
    [leaseId, iso(now + LEASE_MS), iso(now), ids ?? null],
  );
  return { leaseId, rows };
}

async function render(job: MailJob, settings: MailSettings): Promise<OutgoingMail | null | SendError> {
  const load = renderers[job.kind];
  if (!load) return new SendError(`No template for e-mails of kind ${job.kind}`, true);
  try {
    return await (
      await load()
    )(job, settings);
  } catch {
    return new SendError("The e-mail could not be written", false);
  }
}

/** Records how a send went, if the lease is still ours. */
async function settle(
  row: JobRow,
  leaseId: string,
  outcome: Outcome | "cancelled",
  now: number,
): Promise<void> {
  const values: unknown[] = [row.id, leaseId];
  let set: string;
  if (outcome === "cancelled") set = "status = 'cancelled'";
  else if (outcome.sent) {
    values.push(iso(now));
    set = "status = 'sent', sent_at = $3, error = NULL";
  } else if (outcome.error.permanent || row.give_up_at.getTime() <= now) {
    values.push(
      row.give_up_at.getTime() <= now
        ? `Not sent within 24 hours: ${outcome.error.message}`
        : outcome.error.message,
    );
    set = "status = 'failed', error = $3";
  } else {
    values.push(
      outcome.error.message,
      iso(Math.min(now + backoffMs(row.attempts), row.give_up_at.getTime())),
    );
    set = "error = $3, due_at = $4";
  }
  await database().query(
    `UPDATE mail_jobs SET ${set}, lease_id = NULL, lease_until = NULL WHERE id = $1 AND lease_id = $2`,
    values,
  );
}

async function sendClaimed(
  row: JobRow,
  leaseId: string,
  settings: MailSettings,
  timeoutMs: number,
): Promise<void> {
  const job = jobOf(row);
  const mail = await render(job, settings);
  if (mail === null) return settle(row, leaseId, "cancelled", Date.now());
  let outcome: Outcome;
  if (mail instanceof SendError) outcome = { sent: false, error: mail };
  else {
    try {
      await sendMail(settings, mail, timeoutMs);
      outcome = { sent: true };
    } catch (error) {
      outcome = {
        sent: false,
        error: error instanceof SendError ? error : new SendError("Sending failed", false),
      };
    }
  }
  if (!outcome.sent)
    console.warn(
      `E-mail "${job.kind}" of lead ${job.leadId} not sent: ${withoutAddresses(outcome.error.message)}`,
    );
  await noteMailSettings(outcome);
  await settle(row, leaseId, outcome, Date.now());
}

/**
 * Sends the due jobs (`ids` only, when given: the e-mails a change has just queued), at most
 * `limit`, within `budgetMs`. Never throws: what failed is in the rows. Returns how many were tried.
 */
export async function deliverMailJobs(
  options: { ids?: readonly string[]; limit?: number; budgetMs?: number; timeoutMs?: number } = {},
): Promise<number> {
  try {
    const settings = await mailSettings();
    if (!settings.smtpUrl) return 0;
    const started = Date.now();
    const { leaseId, rows } = await claim(started, options.limit ?? 50, options.ids);
    let tried = 0;
    for (const row of rows) {
      // Past the budget, the lease runs out and the next run takes it.
      if (Date.now() - started > (options.budgetMs ?? 15_000)) break;
      tried++;
      await sendClaimed(row, leaseId, settings, options.timeoutMs ?? 10_000);
    }
    return tried;
  } catch (error) {
    logFailure("Mail jobs", error);
    return 0;
  }
}

/** The e-mails queued about a lead, oldest first, as the desk shows them. */
export async function mailJobsOf(leadId: string): Promise<
  {
    id: string;
    kind: string;
    subjectId: string | null;
    status: string;
    attempts: number;
    dueAt: string;
    sentAt: string | null;
    error: string | null;
  }[]
> {
  const { rows } = await database().query<{
    id: string;
    kind: string;
    subject_id: string | null;
    status: string;
    attempts: number;
    due_at: Date;
    sent_at: Date | null;
    error: string | null;
  }>(
    "SELECT id, kind, subject_id, status, attempts, due_at, sent_at, error FROM mail_jobs WHERE lead_id = $1 ORDER BY created_at, id",
    [leadId],
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    subjectId: row.subject_id,
    status: row.status,
    attempts: row.attempts,
    dueAt: row.due_at.toISOString(),
    sentAt: isoOrNull(row.sent_at),
    error: row.error,
  }));
}
