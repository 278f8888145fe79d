/**
 * Attachments of quotes whose commit was interrupted (the store failed after some attachments were
 * written but before the record, the commit point): no lead shows them, and the scheduled cleanup
 * removes them. A retry with the same idempotency key reuses the submission id and overwrites them,
 * so they are only deleted once they have stayed without a record for ORPHAN_GRACE_MS.
 */
import {
  clearOrphanMark,
  deleteAttachments,
  listAttachmentOwnersWithoutRecord,
  markOrphan,
  readOrphanMarks,
  readQuote,
} from "./quote-store.ts";

/** As long as an unfinished upload lives: a visitor retrying within it still finds the quote whole. */
export const ORPHAN_GRACE_MS = 24 * 60 * 60 * 1000;

/** Marks newly found orphans and deletes those marked longer than the grace period; returns how many. */
export async function cleanupOrphanAttachments(now = Date.now()): Promise<number> {
  const owners = new Set(await listAttachmentOwnersWithoutRecord());
  const marks = await readOrphanMarks();
  let removed = 0;
  for (const id of owners) {
    const firstSeen = marks.get(id);
    if (firstSeen === undefined) {
      await markOrphan(id, now);
    } else if (now - firstSeen >= ORPHAN_GRACE_MS && !(await readQuote(id))) {
      await deleteAttachments(id);
      await clearOrphanMark(id);
      removed++;
    }
  }
  // Committed since, or gone: no longer suspects.
  for (const id of marks.keys()) if (!owners.has(id)) await clearOrphanMark(id);
  return removed;
}
