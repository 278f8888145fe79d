/**
 * The sender of the one outbox (table `mail_jobs`, docs/email.md): claims due jobs, writes each with
 * the template of its kind, sends it and records the outcome, retrying with backoff for 24 hours.
 * It knows no template itself: the caller says which it can send (mail-jobs.ts: every kind;
 * lead-mail-sender.ts: a lead's own e-mails only), so a function that sends only a quote's e-mails
 * bundles only their templates.
 *
 * "Never twice": a sender claims due jobs in one statement (`FOR UPDATE SKIP LOCKED`, then a lease of
 * its own id); only the lease holder sends and records the outcome. The message is written at send
 * time from the records as they are then.
 */
import { randomUUID } from "node:crypto";
import { database, transaction } from "../database/database.ts";
import { logFailure } from "../http/http-error.ts";
import type { Queryable } from "../database/database.ts";
import { iso } from "../http/iso-time.ts";
import {
  mailSettings,
  sendMail,
  SendError,
  withoutAddresses,
  type MailSettings,
  type OutgoingMail,
} from "./mailer.ts";
import { Cancelled, type MailJob, type MailRenderer } from "./mail-job.ts";
import { backoffMs, LEASE_MS, noteMailSettings, type Outcome } from "./send-policy.ts";

/** The send that follows a change's answer (the quote's 201) must finish well inside the platform's function time limit. */
export const FIRST_SEND_TIMEOUT_MS = 8_000;
/** Jobs claimed at a time by a run that sends whatever is due: what is left stays unclaimed for the next sender. */
const CLAIM_BATCH = 10;
/** A pending job this long past its window (e-mail was configured days later) is given up unsent. */
const STALE_AFTER_WINDOW_MS = 60 * 60 * 1000;

/**
 * What a sender can send: the template of each kind, loaded on first use, and what a sent job of a
 * kind queues in the transaction that records it (the review request's reminder).
 */
export interface Templates {
  renderers: Readonly<Record<string, () => Promise<MailRenderer>>>;
  afterSent: Readonly<Record<string, (client: Queryable, job: MailJob, sentAt: number) => Promise<void>>>;
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

/** Which due jobs a sender takes: these ids, or those of one lead, or any; of these kinds only, when given. */
export interface Scope {
  ids?: readonly string[] | undefined;
  leadId?: string | undefined;
  kinds?: readonly string[] | undefined;
}

/**
 * Gives up, unsent, the pending jobs long past their window (the lead is stale, the owner decides),
 * unless a sender holds one.
 */
async function giveUpStale(now: number, scope: Scope): Promise<void> {
  await database().query(
    `UPDATE mail_jobs
        SET status = 'failed', failed_at = $1,
            error = 'Not sent within 24 hours' || coalesce(': ' || error, '')
      WHERE status = 'pending' AND summary_hour IS NULL AND give_up_at <= $2
        AND (lease_until IS NULL OR lease_until <= $1)
        AND ($3::uuid[] IS NULL OR id = ANY($3::uuid[])) AND ($4::uuid IS NULL OR lead_id = $4)
        AND ($5::text[] IS NULL OR kind = ANY($5::text[]))`,
    [
      iso(now),
      iso(now - STALE_AFTER_WINDOW_MS),
      scope.ids ?? null,
      scope.leadId ?? null,
      scope.kinds ?? null,
    ],
  );
}

/**
 * Claims up to `limit` due jobs (of the scope only) under a new lease, in one statement: rows
 * another sender is claiming at the same moment are skipped, not waited for. An owner's copy that
 * waits for its hour's summary is owner-summary.ts's to settle, not a job to send.
 */
async function claim(now: number, limit: number, scope: Scope) {
  const leaseId = randomUUID();
  const { rows } = await database().query<JobRow>(
    `UPDATE mail_jobs SET lease_id = $1, lease_until = $2, attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM mail_jobs
         WHERE status = 'pending' AND summary_hour IS NULL AND due_at <= $3
           AND (lease_until IS NULL OR lease_until <= $3)
           AND ($4::uuid[] IS NULL OR id = ANY($4::uuid[])) AND ($5::uuid IS NULL OR lead_id = $5)
           AND ($6::text[] IS NULL OR kind = ANY($6::text[]))
         ORDER BY due_at LIMIT ${Number(limit)} FOR UPDATE SKIP LOCKED)
      RETURNING id, lead_id, kind, subject_id, attempts, due_at, give_up_at, created_at`,
    [leaseId, iso(now + LEASE_MS), iso(now), scope.ids ?? null, scope.leadId ?? null, scope.kinds ?? null],
  );
  return { leaseId, rows };
}

async function render(
  templates: Templates,
  job: MailJob,
  settings: MailSettings,
): Promise<OutgoingMail | null | Cancelled | SendError> {
  const load = templates.renderers[job.kind];
  if (!load) return new SendError(`No template for e-mails of kind ${job.kind}`, true);
  try {
    return await (
      await load()
    )(job, settings);
  } catch {
    return new SendError("The e-mail could not be written", false);
  }
}

/**
 * Records how a send went, if the lease is still ours. A sent job whose kind has a follow-up
 * (`afterSent`: the review request's reminder) queues it in the same transaction.
 */
async function settle(
  templates: Templates,
  row: JobRow,
  leaseId: string,
  outcome: Outcome | Cancelled,
  now: number,
): Promise<void> {
  const values: unknown[] = [row.id, leaseId];
  let set: string;
  if (outcome instanceof Cancelled) {
    values.push(outcome.reason || null);
    set = "status = 'cancelled', error = $3";
  } else if (outcome.sent) {
    values.push(iso(now));
    set = "status = 'sent', sent_at = $3, error = NULL";
  } else if (outcome.error.permanent || row.give_up_at.getTime() <= now) {
    values.push(
      row.give_up_at.getTime() <= now
        ? `Not sent within 24 hours: ${outcome.error.message}`
        : outcome.error.message,
      iso(now),
    );
    set = "status = 'failed', error = $3, failed_at = $4";
  } else {
    values.push(
      outcome.error.message,
      iso(Math.min(now + backoffMs(row.attempts), row.give_up_at.getTime())),
    );
    set = "error = $3, due_at = $4";
  }
  const after = !(outcome instanceof Cancelled) && outcome.sent ? templates.afterSent[row.kind] : undefined;
  await transaction(async (client) => {
    const { rowCount } = await client.query(
      `UPDATE mail_jobs SET ${set}, lease_id = NULL, lease_until = NULL WHERE id = $1 AND lease_id = $2`,
      values,
    );
    if (rowCount && after) await after(client, jobOf(row), now);
  });
}

async function sendClaimed(
  templates: Templates,
  row: JobRow,
  leaseId: string,
  settings: MailSettings,
  timeoutMs: number,
): Promise<void> {
  const job = jobOf(row);
  const mail = await render(templates, job, settings);
  if (mail === null || mail instanceof Cancelled)
    return settle(templates, row, leaseId, mail ?? new Cancelled(""), Date.now());
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
  await settle(templates, row, leaseId, outcome, Date.now());
}

export type SendOptions = Scope & { limit?: number; budgetMs?: number; timeoutMs?: number };

/**
 * Sends the due jobs of `scope` (`ids`: the e-mails a change has just queued; `leadId`: a lead's),
 * at most `limit`, within `budgetMs`; a change's own few go at once, side by side, everything else
 * a batch at a time. Never throws: what failed is in the rows. Returns the jobs it tried.
 */
export async function sendDue(templates: Templates, options: SendOptions = {}): Promise<MailJob[]> {
  const tried: MailJob[] = [];
  try {
    const settings = await mailSettings();
    if (!settings.smtpUrl) return tried;
    const started = Date.now();
    const limit = options.limit ?? 50;
    const timeoutMs = options.timeoutMs ?? 10_000;
    await giveUpStale(started, options);
    if (options.ids || options.leadId) {
      const { leaseId, rows } = await claim(started, limit, options);
      await Promise.all(rows.map((row) => sendClaimed(templates, row, leaseId, settings, timeoutMs)));
      return rows.map(jobOf);
    }
    while (tried.length < limit && Date.now() - started <= (options.budgetMs ?? 15_000)) {
      const { leaseId, rows } = await claim(Date.now(), Math.min(CLAIM_BATCH, limit - tried.length), options);
      if (!rows.length) break;
      for (const row of rows) {
        // Past the budget, the lease runs out and the next run takes it.
        if (Date.now() - started > (options.budgetMs ?? 15_000)) break;
        tried.push(jobOf(row));
        await sendClaimed(templates, row, leaseId, settings, timeoutMs);
      }
    }
  } catch (error) {
    logFailure("Mail jobs", error);
  }
  return tried;
}
