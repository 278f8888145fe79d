/**
 * The morning digest's records (table `owner_digests`, docs/reviews.md): one row per day (the
 * business's local date), so the digest goes once a day. Nothing here holds personal data.
 */
import { transaction } from "../database/database.ts";
import { database } from "../database/database.ts";

export interface DigestRecord {
  /** `sending` while a run holds it (until `leaseUntil`); `failed` is tried again at the next run. */
  state: "sending" | "sent" | "nothing-due" | "failed";
  attempts: number;
  updatedAt: string;
  leaseUntil?: string;
  /** Items listed (sent), for the record. */
  items?: number;
  error?: string;
}

/** What a change decides: the record to store (none: store nothing) and what the caller gets. */
export interface DigestUpdate<R> {
  next?: DigestRecord;
  result: R;
}

interface DigestRow {
  state: DigestRecord["state"];
  attempts: number;
  updated_at: Date;
  lease_until: Date | null;
  items: number | null;
  error: string | null;
}

function recordOf(row: DigestRow): DigestRecord {
  const record: DigestRecord = {
    state: row.state,
    attempts: row.attempts,
    updatedAt: row.updated_at.toISOString(),
  };
  if (row.lease_until) record.leaseUntil = row.lease_until.toISOString();
  if (row.items !== null) record.items = row.items;
  if (row.error !== null) record.error = row.error;
  return record;
}

const UPSERT = `INSERT INTO owner_digests (day, state, attempts, updated_at, lease_until, items, error)
  VALUES ($1, $2, $3, $4, $5, $6, $7)
  ON CONFLICT (day) DO UPDATE SET state = EXCLUDED.state, attempts = EXCLUDED.attempts,
    updated_at = EXCLUDED.updated_at, lease_until = EXCLUDED.lease_until, items = EXCLUDED.items,
    error = EXCLUDED.error`;

const values = (day: string, record: DigestRecord) => [
  day,
  record.state,
  record.attempts,
  record.updatedAt,
  record.leaseUntil ?? null,
  record.items ?? null,
  record.error ?? null,
];

/**
 * Changes the day's record under a lock on that day (held even while there is no row yet), so of
 * two runs at once only one decides at a time.
 */
export function updateDigest<R>(
  day: string,
  change: (current: DigestRecord | null) => DigestUpdate<R>,
): Promise<R> {
  return transaction(async (client) => {
    await client.query("SELECT pg_advisory_xact_lock(hashtext('owner_digests'), hashtext($1))", [day]);
    const { rows } = await client.query<DigestRow>(
      "SELECT state, attempts, updated_at, lease_until, items, error FROM owner_digests WHERE day = $1",
      [day],
    );
    const { next, result } = change(rows[0] ? recordOf(rows[0]) : null);
    if (next) await client.query(UPSERT, values(day, next));
    return result;
  });
}

export async function saveDigest(day: string, record: DigestRecord): Promise<void> {
  await database().query(UPSERT, values(day, record));
}

/** Deletes the records of digests before `day` (yyyy-mm-dd); they only matter on their own day. */
export async function pruneDigests(day: string): Promise<void> {
  await database().query("DELETE FROM owner_digests WHERE day < $1::date", [day]);
}
