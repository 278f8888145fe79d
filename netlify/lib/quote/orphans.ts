/**
 * Attachments of quotes whose commit was interrupted (the attachments were written but the lead's
 * row, the commit point, never was): no lead shows them, and the scheduled cleanup removes them. A
 * retry with the same idempotency key reuses the submission id and overwrites them, so they are only
 * deleted once they have stayed without a row for ORPHAN_GRACE_MS.
 */
import {
  clearOrphanMark,
  deleteAttachments,
  listAttachmentOwners,
  markOrphan,
  readOrphanMarks,
} from "./attachment-store.ts";
import { existingQuoteIds } from "./quote-store.ts";

/** As long as an unfinished upload lives: a visitor retrying within it still finds the quote whole. */
export const ORPHAN_GRACE_MS = 24 * 60 * 60 * 1000;

/** Submission ids that have attachments but no lead row. */
async function ownersWithoutRecord(): Promise<string[]> {
  const owners = await listAttachmentOwners();
  const committed = await existingQuoteIds(owners);
  return owners.filter((id) => !committed.has(id));
}

/** Marks newly found orphans and deletes those marked longer than the grace period; returns how many. */
export async function cleanupOrphanAttachments(now = Date.now()): Promise<number> {
  const owners = new Set(await ownersWithoutRecord());
  const marks = await readOrphanMarks();
  let removed = 0;
  for (const id of owners) {
    const firstSeen = marks.get(id);
    if (firstSeen === undefined) {
      await markOrphan(id, now);
    } else if (now - firstSeen >= ORPHAN_GRACE_MS && !(await existingQuoteIds([id])).size) {
      await deleteAttachments(id);
      await clearOrphanMark(id);
      removed++;
    }
  }
  // Committed since, or gone: no longer suspects.
  for (const id of marks.keys()) if (!owners.has(id)) await clearOrphanMark(id);
  return removed;
}
