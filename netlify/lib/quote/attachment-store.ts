/**
 * The bytes of quote attachments in Netlify Blobs (store "quote-submissions", `attachments/{quoteId}/{n}`),
 * and table `attachment_files`, which names every file a lead id has there: a quote records its files
 * before it writes the first byte, and a row goes only with its files. Deleting them reads their
 * keys from the table, never from a listing of the store. The lead's row lists its attachments;
 * this module holds the files. Reads are strongly consistent.
 */
import { openStore } from "../blobs/open-store.ts";
import { database, transaction, type Queryable } from "../database/database.ts";
import { iso } from "../http/iso-time.ts";
import type { StoredAttachment } from "./quote-store.ts";

/** The store's name predates the database: it held the records too, and keeps its attachments. */
export const ATTACHMENT_STORE = "quote-submissions";

const store = () => openStore(ATTACHMENT_STORE);
export const attachmentKey = (quoteId: string, attachmentId: string) =>
  `attachments/${quoteId}/${attachmentId}`;

/** Stores an attachment's bytes, recorded in `attachment_files` first. */
export async function saveAttachment(quoteId: string, attachment: StoredAttachment, bytes: Uint8Array) {
  await recordAttachmentFiles(quoteId, [attachment.id], Date.now());
  await store().set(attachmentKey(quoteId, attachment.id), new Blob([bytes as Uint8Array<ArrayBuffer>]), {
    metadata: { ...attachment },
  });
}

/** The attachment as a stream with its metadata, or null. */
export async function openAttachment(
  quoteId: string,
  attachmentId: string,
): Promise<{ stream: ReadableStream; metadata: Partial<StoredAttachment> } | null> {
  const result = await store().getWithMetadata(attachmentKey(quoteId, attachmentId), { type: "stream" });
  if (!result) return null;
  return { stream: result.data, metadata: result.metadata };
}

/**
 * Records that `quoteId` has, or is about to have, the attachment files `attachmentIds` (before
 * their first byte is written). Ids already recorded stay; the wait of the clean-up starts again.
 */
export async function recordAttachmentFiles(
  quoteId: string,
  attachmentIds: readonly string[],
  now: number,
): Promise<void> {
  await database().query(
    `INSERT INTO attachment_files (lead_id, attachment_ids, written_at) VALUES ($1, $2, $3)
     ON CONFLICT (lead_id) DO UPDATE SET written_at = EXCLUDED.written_at,
       attachment_ids = ARRAY(SELECT DISTINCT unnest(attachment_files.attachment_ids || EXCLUDED.attachment_ids))`,
    [quoteId, attachmentIds, iso(now)],
  );
}

/**
 * Deletes the files of the row `DELETE … RETURNING` took in `db`, inside its transaction: a
 * failure rolls back and keeps the row for the clean-up. A retry recording files meanwhile waits.
 */
async function deleteRecordedFiles(db: Queryable, quoteId: string, condition: string, params: unknown[]) {
  const { rows } = await db.query<{ attachment_ids: string[] }>(
    `DELETE FROM attachment_files WHERE lead_id = $1 ${condition} RETURNING attachment_ids`,
    [quoteId, ...params],
  );
  if (!rows[0]) return false;
  const s = store();
  await Promise.all(rows[0].attachment_ids.map((id) => s.delete(attachmentKey(quoteId, id))));
  return true;
}

/** Deletes every attachment file recorded for a lead id. */
export async function deleteAttachments(quoteId: string): Promise<void> {
  await transaction((db) => deleteRecordedFiles(db, quoteId, "", []));
}

/**
 * Lead ids with attachment files recorded at or before `before` and no lead row: a quote whose
 * commit never came, or an erasure interrupted between its row and its files. At most `limit`.
 */
export async function filesWithoutLead(before: number, limit: number): Promise<string[]> {
  const { rows } = await database().query<{ lead_id: string }>(
    `SELECT f.lead_id FROM attachment_files f
      WHERE f.written_at <= $1 AND NOT EXISTS (SELECT 1 FROM leads l WHERE l.id = f.lead_id)
      ORDER BY f.written_at LIMIT $2`,
    [iso(before), limit],
  );
  return rows.map((row) => row.lead_id);
}

/**
 * Deletes the files of `quoteId` if they were still recorded at or before `before` with no lead
 * row, checked again under the row's lock; true when it did.
 */
export async function deleteFilesWithoutLead(quoteId: string, before: number): Promise<boolean> {
  return transaction((db) =>
    deleteRecordedFiles(
      db,
      quoteId,
      "AND written_at <= $2 AND NOT EXISTS (SELECT 1 FROM leads l WHERE l.id = $1)",
      [iso(before)],
    ),
  );
}

/**
 * Deletes what the layout before the database kept of a lead in this store (`submissions/{id}`,
 * `outbox/{id}`, `references/{reference}`, `idempotency/{hash}`): an erasure must leave no copy of
 * an imported lead behind, nor one a later import could bring back.
 */
export async function deleteLegacyRecord(
  quoteId: string,
  keys: { reference?: string | null; idempotencyKeyHash?: string | null },
): Promise<void> {
  const s = store();
  await Promise.all([
    s.delete(`submissions/${quoteId}`),
    s.delete(`outbox/${quoteId}`),
    keys.reference ? s.delete(`references/${keys.reference}`) : undefined,
    keys.idempotencyKeyHash ? s.delete(`idempotency/${keys.idempotencyKeyHash}`) : undefined,
  ]);
}
