/**
 * The owner's e-mails per clock hour (table `owner_mail_hours`, docs/security.md, "Receipts and lead
 * e-mails"): how many leads were e-mailed one by one, which wait for the hour's summary, and how
 * that summary's sending stands. Every change is one statement that decides on the row as it is
 * once its lock is taken, so quotes and senders at once never lose a count or send a summary twice.
 */
import { database } from "../database/database.ts";
import { iso } from "../http/iso-time.ts";

/** The state of one clock hour's owner e-mails (and of its summary, once due). */
export interface OwnerHour {
  /** `yyyy-mm-ddThh` (UTC). */
  hour: string;
  /** Leads e-mailed one by one this hour. */
  sent: number;
  /** Leads for the summary, in order of arrival (at most SUMMARY_MAX_LEADS). */
  batched: string[];
  /** Leads for the summary beyond SUMMARY_MAX_LEADS: counted, not named. */
  overflow: number;
  summary: SummaryState;
}

/** How the hour's summary e-mail stands, as a quote's notification would. */
export interface SummaryState {
  status: "pending" | "sent" | "failed";
  attempts: number;
  sentAt?: string;
  error?: string;
  nextAttemptAt?: string;
}

interface HourRow {
  hour: string;
  sent: number;
  batched: string[];
  overflow: number;
  summary_status: SummaryState["status"];
  attempts: number;
  sent_at: Date | null;
  error: string | null;
  next_attempt_at: Date | null;
}

function hourOfRow(row: HourRow): OwnerHour {
  const summary: SummaryState = { status: row.summary_status, attempts: row.attempts };
  if (row.sent_at) summary.sentAt = row.sent_at.toISOString();
  if (row.error !== null) summary.error = row.error;
  if (row.next_attempt_at) summary.nextAttemptAt = row.next_attempt_at.toISOString();
  return { hour: row.hour, sent: row.sent, batched: row.batched, overflow: row.overflow, summary };
}

/**
 * Counts lead `quoteId` for the owner's e-mails of `hour`: its own e-mail while fewer than `perHour`
 * went (false), else a place in the hour's summary, named while fewer than `named` are (true).
 * Counting the same lead into the summary again changes nothing.
 */
export async function countOwnerEmail(
  hour: string,
  quoteId: string,
  perHour: number,
  named: number,
): Promise<boolean> {
  const db = database();
  const { rowCount } = await db.query(
    `INSERT INTO owner_mail_hours AS h (hour, sent) VALUES ($1, 1)
     ON CONFLICT (hour) DO UPDATE SET sent = h.sent + 1 WHERE h.sent < $2`,
    [hour, perHour],
  );
  if (rowCount) return false;
  // `sent` never goes down, so once it is full every later lead of the hour is the summary's.
  await db.query(
    `UPDATE owner_mail_hours SET
       batched = CASE WHEN $2::uuid = ANY (batched) OR cardinality(batched) >= $3 THEN batched
                      ELSE batched || $2::uuid END,
       overflow = overflow + CASE WHEN NOT $2::uuid = ANY (batched) AND cardinality(batched) >= $3
                                  THEN 1 ELSE 0 END
     WHERE hour = $1`,
    [hour, quoteId, named],
  );
  return true;
}

/** Hours over at `now` whose summary is still to be sent. */
export async function dueSummaryHours(now: number): Promise<string[]> {
  const { rows } = await database().query<{ hour: string }>(
    `SELECT hour FROM owner_mail_hours
      WHERE hour < $1 AND summary_status = 'pending' AND (cardinality(batched) > 0 OR overflow > 0)
      ORDER BY hour`,
    [iso(now).slice(0, 13)],
  );
  return rows.map((row) => row.hour);
}

/**
 * Claims the summary of `hour` for the sender `leaseId` until `leaseUntil`, when it is due at `now`
 * (pending, no live lease, its backoff over); the hour as claimed, or null.
 */
export async function claimSummary(
  hour: string,
  leaseId: string,
  now: number,
  leaseUntil: number,
): Promise<OwnerHour | null> {
  const { rows } = await database().query<HourRow>(
    `UPDATE owner_mail_hours SET attempts = attempts + 1, lease_id = $2, lease_until = $4
      WHERE hour = $1 AND summary_status = 'pending' AND (cardinality(batched) > 0 OR overflow > 0)
        AND (lease_until IS NULL OR lease_until <= $3)
        AND (next_attempt_at IS NULL OR next_attempt_at <= $3)
      RETURNING *`,
    [hour, leaseId, iso(now), iso(leaseUntil)],
  );
  return rows[0] ? hourOfRow(rows[0]) : null;
}

/** Records how the summary of `hour` went, if `leaseId` still holds it; false when it does not. */
export async function settleSummary(hour: string, leaseId: string, state: SummaryState): Promise<boolean> {
  const { rowCount } = await database().query(
    `UPDATE owner_mail_hours
        SET summary_status = $3, sent_at = $4, error = $5, next_attempt_at = $6,
            lease_id = NULL, lease_until = NULL
      WHERE hour = $1 AND lease_id = $2`,
    [hour, leaseId, state.status, state.sentAt ?? null, state.error ?? null, state.nextAttemptAt ?? null],
  );
  return rowCount === 1;
}

/** Deletes the hours before `hour` whose summary is settled or was never needed; returns how many. */
export async function deleteSettledHours(hour: string): Promise<number> {
  const { rowCount } = await database().query(
    `DELETE FROM owner_mail_hours
      WHERE hour < $1 AND (summary_status <> 'pending' OR (cardinality(batched) = 0 AND overflow = 0))`,
    [hour],
  );
  return rowCount ?? 0;
}
