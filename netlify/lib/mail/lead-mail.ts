/**
 * A lead's own e-mails in the one outbox (table `mail_jobs`, docs/email.md): the owner's copy and
 * the receipt queued with the quote, the review request queued with the first `completed`, and its
 * reminder. Each kind goes at most once per lead (dedupe key `lead-{kind}:{lead id}`). This module
 * holds the SQL only a lead's e-mails need: queueing them in the caller's transaction, reading their
 * state for the desk, the owner's retry, the hourly summary's outcome and the customer's opt-out.
 * Sending is mail-sender.ts's, as for every other e-mail (lead-mail-sender.ts right after a change,
 * mail-jobs.ts on schedule); this module stays light, so the quote's path to its 201 never loads it.
 */
import { reviewReminderDueAt } from "../../../src/lib/follow-up/rules.ts";
import { NOTIFICATION_KINDS, type NotificationKind } from "../../../src/lib/notification-status.ts";
import { database, type Queryable } from "../database/database.ts";
import { ConflictError, NotFoundError } from "../http/http-error.ts";
import { iso } from "../http/iso-time.ts";
import { RETRY_WINDOW_MS, SENT_IN_SUMMARY_REASON, type NotificationState } from "./notification-state.ts";
import { enqueueMail } from "./mail-queue.ts";
import type { Outcome } from "./send-policy.ts";

/** The mail job kinds that are a lead's own e-mails (templates: emails/quote-emails.tsx, emails/review-emails.tsx). */
export const LEAD_MAIL_KINDS: readonly NotificationKind[] = NOTIFICATION_KINDS;
const REVIEW_KINDS: readonly NotificationKind[] = ["review", "reminder"];

export const isLeadMailKind = (kind: string): kind is NotificationKind =>
  (LEAD_MAIL_KINDS as readonly string[]).includes(kind);

/** At most one e-mail of each kind per lead: "one quote never e-mails the same person twice". */
export const leadMailKey = (kind: NotificationKind, leadId: string) => `lead-${kind}:${leadId}`;

/** Why a review e-mail was never sent. */
export const STOPPED_REVIEWS = "The customer stopped review e-mails";

export interface LeadMailRow {
  lead_id: string;
  kind: NotificationKind;
  status: NotificationState["status"];
  attempts: number;
  sent_at: Date | null;
  error: string | null;
  due_at: Date;
  give_up_at: Date;
  reason: string | null;
  summary_hour: string | null;
}

const COLUMNS = "lead_id, kind, status, attempts, sent_at, error, due_at, give_up_at, reason, summary_hour";

/** One row as the lead's record holds it. A pending e-mail's due time is when it is tried next. */
export function notificationOf(row: LeadMailRow): NotificationState {
  const state: NotificationState = {
    kind: row.kind,
    status: row.status,
    attempts: row.attempts,
    giveUpAt: row.give_up_at.toISOString(),
  };
  if (row.sent_at) state.sentAt = row.sent_at.toISOString();
  if (row.error !== null) state.error = row.error;
  if (row.status === "pending") state.nextAttemptAt = row.due_at.toISOString();
  if (row.reason !== null) state.reason = row.reason;
  if (row.summary_hour !== null) state.summaryHour = row.summary_hour;
  return state;
}

/** The e-mails of these leads, by lead, in no particular order. */
export async function leadMailOf(
  client: Queryable,
  ids: readonly string[],
): Promise<Map<string, LeadMailRow[]>> {
  const byLead = new Map<string, LeadMailRow[]>();
  if (!ids.length) return byLead;
  const { rows } = await client.query<LeadMailRow>(
    `SELECT ${COLUMNS} FROM mail_jobs WHERE lead_id = ANY($1::uuid[]) AND kind = ANY($2::text[])`,
    [ids, LEAD_MAIL_KINDS],
  );
  for (const row of rows) byLead.set(row.lead_id, [...(byLead.get(row.lead_id) ?? []), row]);
  return byLead;
}

/**
 * Queues one e-mail of a lead in the caller's transaction, in the state given (a new quote's are
 * pending; a record brought from elsewhere may carry sent or failed ones). `now` is when it is
 * written: a failed one is dated failed then. A kind the lead has already is left as it is.
 */
export async function queueLeadMail(
  client: Queryable,
  leadId: string,
  n: NotificationState,
  now: number,
): Promise<void> {
  await client.query(
    `INSERT INTO mail_jobs (id, lead_id, kind, status, attempts, due_at, give_up_at, sent_at, error, reason,
                            summary_hour, failed_at, created_at, dedupe_key)
     VALUES (gen_random_uuid(), $1, $2, $3, $4, LEAST(coalesce($5::timestamptz, $11::timestamptz), $6::timestamptz),
             $6, $7, $8, $9, $10, CASE WHEN $3 = 'failed' THEN $11::timestamptz END, $11, $12)
     ON CONFLICT (dedupe_key) DO NOTHING`,
    [
      leadId,
      n.kind,
      n.status,
      n.attempts,
      n.nextAttemptAt ?? null,
      n.giveUpAt,
      n.sentAt ?? null,
      n.error ?? null,
      n.reason ?? null,
      n.summaryHour ?? null,
      iso(now),
      leadMailKey(n.kind, leadId),
    ],
  );
}

/**
 * POST /api/admin/notifications/retry: failed e-mails become pending again with a fresh 24-hour
 * window, and pending ones are due at once. Sent, skipped and cancelled e-mails, a reminder before
 * its day, an owner's copy still waiting for its hour's summary and review e-mails the customer
 * stopped stay as they are; one being sent keeps its sender's lease. The caller then sends them.
 */
export async function requeueLeadMail(leadId: string, now = Date.now()): Promise<void> {
  const { rows } = await database().query<{ stopped: boolean; emails: number }>(
    `SELECT review_opted_out_at IS NOT NULL AS stopped,
            (SELECT count(*)::int FROM mail_jobs WHERE lead_id = leads.id AND kind = ANY($2::text[])) AS emails
       FROM leads WHERE id = $1`,
    [leadId, LEAD_MAIL_KINDS],
  );
  const lead = rows[0];
  if (!lead) throw new NotFoundError("Submission not found");
  if (!lead.emails) throw new ConflictError("This quote request predates e-mail notifications");
  // A failed summary's lead is retried on its own: its summary hour and reason go.
  await database().query(
    `UPDATE mail_jobs
        SET status = 'pending', failed_at = NULL, reason = NULL, summary_hour = NULL,
            due_at = LEAST(due_at, $3), give_up_at = $4
      WHERE lead_id = $1 AND kind = ANY($2::text[])
        AND (status = 'failed'
             OR (status = 'pending' AND summary_hour IS NULL
                 AND NOT (kind = 'reminder' AND attempts = 0 AND due_at > $3)))
        AND NOT (kind = ANY($5::text[]) AND $6::boolean)`,
    [leadId, LEAD_MAIL_KINDS, iso(now), iso(now + RETRY_WINDOW_MS), REVIEW_KINDS, lead.stopped],
  );
}

/**
 * Queues, in the transaction that records the review request as sent, its one reminder
 * REVIEW_REMINDER_DAYS later (docs/reviews.md), unless the customer has stopped review e-mails. The
 * lead's row is share-locked, so an opt-out committing meanwhile either comes first (no reminder)
 * or waits and cancels the reminder queued here.
 */
export async function queueReviewReminder(client: Queryable, leadId: string, sentAt: number): Promise<void> {
  const { rows } = await client.query<{ stopped: boolean }>(
    "SELECT review_opted_out_at IS NOT NULL AS stopped FROM leads WHERE id = $1 FOR SHARE",
    [leadId],
  );
  if (rows[0]?.stopped !== false) return;
  const dueAt = Date.parse(reviewReminderDueAt(iso(sentAt)));
  await enqueueMail(
    client,
    { leadId, kind: "reminder", dueAt, dedupeKey: leadMailKey("reminder", leadId) },
    sentAt,
  );
}

/**
 * Cancels, in the caller's transaction (the opt-out's, under the lead's row lock), the lead's review
 * e-mails not yet sent. One being sent right now (a live lease) is left to its sender; should that
 * send fail, its template finds the opt-out and cancels it.
 */
export async function cancelReviewMail(client: Queryable, leadId: string, now: number): Promise<void> {
  await client.query(
    `UPDATE mail_jobs SET status = 'cancelled', error = $3
      WHERE lead_id = $1 AND kind = ANY($2::text[]) AND status = 'pending'
        AND (lease_until IS NULL OR lease_until <= $4)`,
    [leadId, REVIEW_KINDS, STOPPED_REVIEWS, iso(now)],
  );
}

/**
 * Records how the hourly summary that carried these leads' owner copies went (owner-summary.ts):
 * sent, or failed for good (the owner's retry then sends each lead on its own).
 */
export async function settleSummarised(
  leadIds: readonly string[],
  hour: string,
  outcome: Outcome,
  now: number,
): Promise<void> {
  const [set, values] = outcome.sent
    ? ["status = 'sent', sent_at = $3, reason = $4, error = NULL", [iso(now), SENT_IN_SUMMARY_REASON]]
    : [
        "status = 'failed', failed_at = $3, error = $4, reason = NULL",
        [iso(now), `Summary e-mail: ${outcome.error.message}`],
      ];
  await database().query(
    `UPDATE mail_jobs SET ${set}, attempts = attempts + 1, summary_hour = NULL, lease_id = NULL, lease_until = NULL
      WHERE lead_id = ANY($1::uuid[]) AND kind = 'owner' AND status = 'pending' AND summary_hour = $2`,
    [leadIds, hour, ...values],
  );
}
