/**
 * Tombstones of erased leads (table `erased_leads`): the id and the date, nothing else. Every
 * erasure (the owner's delete, the retention period) leaves one in the transaction that deletes the
 * lead, and `npm run restore` never writes back a row or a file that belongs to a tombstoned lead,
 * so a backup cannot bring an erased lead, its attachments or its e-mails back (docs/security.md,
 * "Backups and erasure"). Tombstones are kept TOMBSTONE_KEEP_DAYS, longer than any backup that
 * restore accepts (BACKUP_RETENTION_DAYS), then pruned.
 */
import { BACKUP_RETENTION_DAYS } from "../../../src/lib/backups.ts";
import { recordAudit } from "../admin/audit-store.ts";
import { database, type Queryable } from "../database/database.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Comfortably longer than the oldest backup restore accepts. */
export const TOMBSTONE_KEEP_DAYS = BACKUP_RETENTION_DAYS + 60;

export interface Tombstone {
  id: string;
  erasedAt: string;
}

/**
 * Records, inside the erasing transaction `client`, that lead `id` is erased (`by` the owner or by
 * retention): its tombstone and an activity log entry. Old tombstones are pruned on the way.
 */
export async function recordErasure(
  client: Queryable,
  id: string,
  by: "owner" | "retention",
  now = Date.now(),
  session?: string,
): Promise<void> {
  await client.query(
    `INSERT INTO erased_leads (lead_id, erased_at, erased_by) VALUES ($1, $2, $3)
     ON CONFLICT (lead_id) DO UPDATE SET erased_at = EXCLUDED.erased_at, erased_by = EXCLUDED.erased_by`,
    [id, new Date(now).toISOString(), by],
  );
  await recordAudit(
    by === "owner" ? "erase" : "retention-erase",
    { leadId: id, ...(session ? { session } : {}) },
    now,
    client,
  );
  await client.query("DELETE FROM erased_leads WHERE erased_at < $1", [
    new Date(now - TOMBSTONE_KEEP_DAYS * DAY_MS).toISOString(),
  ]);
}

/** The ids of every erased lead still remembered. */
export async function erasedLeadIds(): Promise<Set<string>> {
  const { rows } = await database().query<{ lead_id: string }>("SELECT lead_id FROM erased_leads");
  return new Set(rows.map((row) => row.lead_id));
}
