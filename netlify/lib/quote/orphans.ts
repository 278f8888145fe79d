/**
 * Attachments of quotes whose commit was interrupted (the attachments were written but the lead's
 * row, the commit point, never was), and of erasures interrupted between the lead's row and its
 * files: no lead shows them, and the scheduled cleanup removes them. Table `attachment_files` names
 * them (attachment-store.ts); the store is never listed. A retry with the same idempotency key
 * reuses the submission id, overwrites them and records them again, so they are only deleted once
 * they have stayed without a row for ORPHAN_GRACE_MS since last written.
 */
import { deleteFilesWithoutLead, filesWithoutLead } from "./attachment-store.ts";

/** As long as an unfinished upload lives: a visitor retrying within it still finds the quote whole. */
export const ORPHAN_GRACE_MS = 24 * 60 * 60 * 1000;

/** Lead ids looked at a time. */
const BATCH = 200;

/** Deletes the files that have stayed without a lead row past the grace period; returns for how many ids. */
export async function cleanupOrphanAttachments(now = Date.now()): Promise<number> {
  const before = now - ORPHAN_GRACE_MS;
  let removed = 0;
  for (;;) {
    const ids = await filesWithoutLead(before, BATCH);
    for (const id of ids) if (await deleteFilesWithoutLead(id, before)) removed++;
    if (ids.length < BATCH) return removed;
  }
}
