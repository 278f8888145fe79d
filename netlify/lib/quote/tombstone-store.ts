/**
 * Tombstones of erased leads (store `erased-leads`): the id and the date, nothing else. Every erasure
 * (the owner's delete, the retention period) leaves one, and `npm run restore` never writes back an
 * entry that belongs to a tombstoned lead, so a backup cannot bring an erased lead, its attachments
 * or its e-mails back (docs/security.md, "Backups and erasure").
 *
 * Key: `erased/{yyyy-mm}/{id}`. Tombstones are kept TOMBSTONE_KEEP_DAYS, longer than any backup
 * that restore accepts (BACKUP_RETENTION_DAYS), then pruned.
 */
import { BACKUP_RETENTION_DAYS } from "../../../src/lib/backups.ts";
import { recordAudit } from "../admin/audit-store.ts";
import { openStore } from "../blobs/open-store.ts";

export const TOMBSTONE_STORE = "erased-leads";
const PREFIX = "erased/";
const DAY_MS = 24 * 60 * 60 * 1000;
/** Comfortably longer than the oldest backup restore accepts. */
export const TOMBSTONE_KEEP_DAYS = BACKUP_RETENTION_DAYS + 60;

export interface Tombstone {
  id: string;
  erasedAt: string;
}

const store = () => openStore(TOMBSTONE_STORE);
const month = (ms: number) => new Date(ms).toISOString().slice(0, 7);

/** The tombstone key of a lead erased at `ms`; the id is the last path segment. */
export const tombstoneKey = (id: string, ms: number) => `${PREFIX}${month(ms)}/${id}`;

/** The lead id a tombstone key stands for. */
export const idOfTombstoneKey = (key: string) => key.slice(key.lastIndexOf("/") + 1);

let prunedMonth = "";

async function prune(now: number): Promise<void> {
  const oldest = month(now - TOMBSTONE_KEEP_DAYS * DAY_MS);
  if (prunedMonth === oldest) return;
  prunedMonth = oldest;
  const s = store();
  const { directories } = await s.list({ prefix: PREFIX, directories: true });
  for (const folder of directories.map((name) => name.replace(/\/+$/, ""))) {
    if (folder.slice(PREFIX.length) >= oldest) continue;
    const { blobs } = await s.list({ prefix: `${folder}/` });
    await Promise.all(blobs.map((blob) => s.delete(blob.key)));
  }
}

/**
 * Records that lead `id` is being erased (`by` the owner or by retention): its tombstone and an
 * audit log entry. Call it before deleting the lead's data: should the deletion then fail half way,
 * the tombstone already keeps a restore from filling the gaps.
 */
export async function recordErasure(id: string, by: "owner" | "retention", now = Date.now()): Promise<void> {
  const tombstone: Tombstone = { id, erasedAt: new Date(now).toISOString() };
  await store().setJSON(tombstoneKey(id, now), tombstone);
  await recordAudit(by === "owner" ? "erase" : "retention-erase", { leadId: id }, now);
  await prune(now).catch(() => undefined);
}

/** The ids of every erased lead still remembered. */
export async function erasedLeadIds(): Promise<Set<string>> {
  const ids = new Set<string>();
  for await (const page of store().list({ prefix: PREFIX, paginate: true })) {
    for (const blob of page.blobs) ids.add(idOfTombstoneKey(blob.key));
  }
  return ids;
}
