/**
 * The admin activity log (table `activity_log`): sign-ins, failed sign-ins, sign-outs, exports,
 * erasures and restores, and money and documents (a quote sent, a payment recorded, a refund
 * confirmed, an invoice or certificate issued), for the owner to read in Contact Admin
 * (docs/security.md, "Audit log"). Entries hold the time, the kind and at most a lead id, a
 * document's number or a count: no password, no address, no name. Recording on its own never
 * fails the caller; inside a transaction it is part of what the transaction writes.
 */
import {
  AUDIT_LOG_LIMIT,
  AUDIT_RETENTION_DAYS,
  FAILED_SIGN_IN_WINDOW_MS,
  isAuditEventKind,
  type AuditEvent,
  type AuditEventKind,
} from "../../../src/lib/admin/audit.ts";
import { database, transaction, type Queryable } from "../database/database.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The entry of one event, as the log answers it. */
export function auditEntry(event: AuditEventKind, ms: number, details: AuditDetails = {}) {
  const entry: AuditEvent = { at: new Date(ms).toISOString(), event };
  if (details.leadId !== undefined) entry.leadId = details.leadId;
  if (details.document !== undefined) entry.document = details.document;
  if (details.count !== undefined) entry.count = details.count;
  if (details.session !== undefined) entry.session = details.session;
  if (details.by !== undefined) entry.by = details.by;
  return entry;
}

type AuditDetails = Pick<AuditEvent, "leadId" | "document" | "count" | "session" | "by">;

let prunedDay = "";

/**
 * Records one event, in `client`'s transaction when given (an erasure), else on its own. On its
 * own it never throws: a log that cannot be written must not stop a sign-in.
 */
export async function recordAudit(
  event: AuditEventKind,
  details: AuditDetails = {},
  now = Date.now(),
  client?: Queryable,
): Promise<void> {
  const write = async (db: Queryable) => {
    // The person is the one whose session has that tag (a session's tag is the start of its key).
    await db.query(
      `INSERT INTO activity_log (at, event, lead_id, document, count, session, user_id)
       VALUES ($1, $2, $3, $4, $5, $6,
               (SELECT user_id FROM admin_sessions WHERE $6::text IS NOT NULL AND left(key, 8) = $6 LIMIT 1))`,
      [
        new Date(now).toISOString(),
        event,
        details.leadId ?? null,
        details.document ?? null,
        details.count ?? null,
        details.session ?? null,
      ],
    );
    // Events older than AUDIT_RETENTION_DAYS go, at most once a day per instance.
    if (prunedDay !== day(now)) {
      prunedDay = day(now);
      await db.query("DELETE FROM activity_log WHERE at < $1", [
        new Date(now - AUDIT_RETENTION_DAYS * DAY_MS).toISOString(),
      ]);
    }
  };
  if (client) return write(client);
  try {
    await write(database());
  } catch (error) {
    console.error(
      `audit log: "${event}" not recorded (${error instanceof Error ? error.message : "unknown error"})`,
    );
  }
}

/**
 * Counts a failed sign-in from `clientKey` (a keyed hash of its address): one entry per client and
 * FAILED_SIGN_IN_WINDOW_MS, its count raised and its time moved to the latest attempt, so a
 * guesser cannot push the owner's real events out of the log. Never throws.
 */
export async function recordFailedSignIn(clientKey: string, now = Date.now()): Promise<void> {
  try {
    await transaction(async (db) => {
      await db.query("SELECT pg_advisory_xact_lock(hashtext('sign-in-failed'), hashtext($1))", [clientKey]);
      const { rowCount } = await db.query(
        `UPDATE activity_log SET count = count + 1, at = $2
          WHERE event = 'sign-in-failed' AND client = $1 AND at >= $3`,
        [clientKey, new Date(now).toISOString(), new Date(now - FAILED_SIGN_IN_WINDOW_MS).toISOString()],
      );
      if (!rowCount)
        await db.query(
          "INSERT INTO activity_log (at, event, count, client) VALUES ($1, 'sign-in-failed', 1, $2)",
          [new Date(now).toISOString(), clientKey],
        );
    });
  } catch (error) {
    console.error(
      `audit log: "sign-in-failed" not recorded (${error instanceof Error ? error.message : "unknown error"})`,
    );
  }
}

/** The newest events, newest first, at most `limit`. */
export async function readAudit(limit = AUDIT_LOG_LIMIT): Promise<AuditEvent[]> {
  const { rows } = await database().query<{
    at: Date;
    event: string;
    lead_id: string | null;
    document: string | null;
    count: number | null;
    session: string | null;
    by: string | null;
  }>(
    `SELECT log.at, log.event, log.lead_id, log.document, log.count, log.session, person.name AS by
       FROM activity_log log LEFT JOIN staff_users person ON person.id = log.user_id
      ORDER BY log.at DESC, log.id DESC LIMIT ${Number(limit)}`,
  );
  return rows
    .filter((row) => isAuditEventKind(row.event))
    .map((row) =>
      auditEntry(row.event as AuditEventKind, row.at.getTime(), {
        ...(row.lead_id ? { leadId: row.lead_id } : {}),
        ...(row.document ? { document: row.document } : {}),
        ...(row.count !== null ? { count: row.count } : {}),
        ...(row.session ? { session: row.session } : {}),
        ...(row.by ? { by: row.by } : {}),
      }),
    );
}
