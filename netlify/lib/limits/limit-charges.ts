/**
 * The counts of the abuse limits (table `limit_charges`, docs/security.md, "Abuse limits"): the
 * login throttle, the quotas of quotes and attachments, the link limits and the receipt limits all
 * charge and count through here.
 *
 * A ledger is what one limit counts for one subject: a client network's or a recipient's keyed
 * digest, or the whole site. A charge is decided under the locks of its ledgers, taken in the order
 * given and held to the end of the transaction, so requests at once queue for them: each sees the
 * charges of those before it, and no limit is ever passed by a race.
 */
import { database, transaction, type Queryable } from "../database/database.ts";
import { iso } from "../http/iso-time.ts";

/** The subject of a site-wide ledger. */
export const SITE = "site";

export interface Ledger {
  /** The limit's name (`sign-in`, `quotes`…). */
  rule: string;
  /** A keyed digest (hex) of what the limit counts per, or SITE. */
  subject: string;
  /** A charge counts for this long. */
  windowMs: number;
  /**
   * Charges add to one row per bucket of this length (its start as the time) rather than a row
   * each: for a site-wide count with no ceiling of its own, so its rows stay few whatever comes.
   */
  bucketMs?: number;
}

/** A charge inside its ledger's window. */
export interface Charge {
  at: number;
  /** Bytes for the attachment quotas, else 1 (a bucket: the charges it holds). */
  amount: number;
}

/** What a decision charges: for each ledger, in the order given, the amounts to add at `now`. */
export type Additions = readonly (readonly number[])[];

/** A limit's answer: the charge fits, or the seconds until enough charges have left the window. */
export type WindowDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

export const secondsUntil = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * Whether one more charge fits `limit` charges in any `windowMs` at `now`, given the times of the
 * ledger's charges inside the window, oldest first; when not, the wait until the oldest that
 * still blocks it leaves the window.
 */
export function decideWindow(
  times: readonly number[],
  now: number,
  limit: number,
  windowMs: number,
): WindowDecision {
  if (times.length < limit) return { ok: true };
  const freedAt = times[times.length - limit]! + windowMs;
  return { ok: false, retryAfterSeconds: secondsUntil(freedAt - now) };
}

/** Locks `ledger` to the end of `db`'s transaction and answers its charges inside the window, oldest first. */
async function lockLedger(db: Queryable, ledger: Ledger, now: number): Promise<Charge[]> {
  await db.query("SELECT pg_advisory_xact_lock(hashtext('limit_charges'), hashtext($1 || ' ' || $2))", [
    ledger.rule,
    ledger.subject,
  ]);
  // Read after the lock is held: a statement of its own, so it sees every charge committed before.
  const { rows } = await db.query<{ at: Date; amount: string }>(
    `SELECT at, amount FROM limit_charges
      WHERE rule = $1 AND subject = $2 AND at > $3 AND at <= $4 ORDER BY at, id`,
    [ledger.rule, ledger.subject, iso(now - ledger.windowMs), iso(now)],
  );
  return rows.map((row) => ({ at: row.at.getTime(), amount: Number(row.amount) }));
}

/** Adds charges of `amounts` at `now`; call with the ledger locked. */
async function addCharges(db: Queryable, ledger: Ledger, now: number, amounts: readonly number[]) {
  if (!amounts.length) return;
  let at = now;
  let rows = amounts;
  if (ledger.bucketMs) {
    at = now - (now % ledger.bucketMs);
    const total = amounts.reduce((sum, amount) => sum + amount, 0);
    const { rowCount } = await db.query(
      "UPDATE limit_charges SET amount = amount + $4 WHERE rule = $1 AND subject = $2 AND at = $3",
      [ledger.rule, ledger.subject, iso(at), total],
    );
    if (rowCount) return;
    rows = [total];
  }
  await db.query(
    `INSERT INTO limit_charges (rule, subject, at, amount, expires_at)
     SELECT $1, $2, $3, amount, $4 FROM unnest($5::bigint[]) AS amount`,
    [ledger.rule, ledger.subject, iso(at), iso(at + ledger.windowMs), rows],
  );
}

/** Expired charges are deleted at most this often per instance, by the charge that comes next. */
const PRUNE_EVERY_MS = 10 * 60 * 1000;
let prunedAt = Number.NEGATIVE_INFINITY;

/** Deletes every charge whose window has passed at `now`; returns how many. */
export async function deleteExpiredCharges(now = Date.now()): Promise<number> {
  const { rowCount } = await database().query("DELETE FROM limit_charges WHERE expires_at <= $1", [iso(now)]);
  return rowCount ?? 0;
}

/**
 * Locks `ledgers` (in this order) in one transaction, lets `decide` answer from their charges
 * inside their windows, and adds the charges it returns before the locks are released.
 */
export async function chargeLedgers<R>(
  ledgers: readonly Ledger[],
  now: number,
  decide: (charges: Charge[][]) => { result: R; add?: Additions },
): Promise<R> {
  const result = await transaction(async (db) => {
    const charges: Charge[][] = [];
    for (const ledger of ledgers) charges.push(await lockLedger(db, ledger, now));
    const decided = decide(charges);
    for (const [index, amounts] of (decided.add ?? []).entries()) {
      await addCharges(db, ledgers[index]!, now, amounts);
    }
    return decided.result;
  });
  if (now - prunedAt >= PRUNE_EVERY_MS) {
    prunedAt = now;
    // Housekeeping: a failure here never fails the charge.
    await deleteExpiredCharges(now).catch(() => 0);
  }
  return result;
}

/** The sum of the amounts charged to `ledger` inside its window at `now` (no lock: a reading). */
export async function ledgerTotal(ledger: Ledger, now: number): Promise<number> {
  const { rows } = await database().query<{ total: string | null }>(
    `SELECT sum(amount) AS total FROM limit_charges
      WHERE rule = $1 AND subject = $2 AND at > $3 AND at <= $4`,
    [ledger.rule, ledger.subject, iso(now - ledger.windowMs), iso(now)],
  );
  return Number(rows[0]?.total ?? 0);
}

/** Gives back one charge of `ledger` made at `at` (the thing charged was refused after all). */
export async function refundCharge(ledger: Ledger, at: number): Promise<void> {
  await database().query(
    `DELETE FROM limit_charges WHERE id = (
       SELECT id FROM limit_charges WHERE rule = $1 AND subject = $2 AND at = $3 ORDER BY id DESC LIMIT 1)`,
    [ledger.rule, ledger.subject, iso(at)],
  );
}

/** Forgets every charge of `ledger` (a right password clears the client's failed sign-ins). */
export async function clearLedger(ledger: Ledger): Promise<void> {
  await database().query("DELETE FROM limit_charges WHERE rule = $1 AND subject = $2", [
    ledger.rule,
    ledger.subject,
  ]);
}
