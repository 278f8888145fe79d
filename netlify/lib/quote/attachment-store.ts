/**
 * The bytes of quote attachments in Netlify Blobs (store "quote-submissions", `attachments/{quoteId}/{n}`),
 * and the marks of the clean-up that removes attachments whose quote never committed
 * (orphans.ts). The lead's row in the database lists its attachments; this module holds the files.
 * Reads are strongly consistent.
 */
import { openStore } from "../blobs/open-store.ts";
import type { StoredAttachment } from "./quote-store.ts";

/** The store's name predates the database: it held the records too, and keeps its attachments. */
export const ATTACHMENT_STORE = "quote-submissions";

const store = () => openStore(ATTACHMENT_STORE);
const attachmentKey = (quoteId: string, attachmentId: string) => `attachments/${quoteId}/${attachmentId}`;
const orphanMarkKey = (quoteId: string) => `orphans/${quoteId}`;

export async function saveAttachment(quoteId: string, attachment: StoredAttachment, bytes: Uint8Array) {
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

/** Deletes every attachment stored under a submission id. */
export async function deleteAttachments(quoteId: string): Promise<void> {
  const s = store();
  const { blobs } = await s.list({ prefix: `attachments/${quoteId}/` });
  await Promise.all(blobs.map((blob) => s.delete(blob.key)));
}

/** The submission ids that have attachments stored. */
export async function listAttachmentOwners(): Promise<string[]> {
  const { blobs } = await store().list({ prefix: "attachments/" });
  const owners = new Set(blobs.map((blob) => blob.key.split("/")[1] ?? ""));
  owners.delete("");
  return [...owners];
}

/** When each suspected orphan was first seen by the cleanup (ms since the epoch). */
export async function readOrphanMarks(): Promise<Map<string, number>> {
  const s = store();
  const { blobs } = await s.list({ prefix: "orphans/" });
  const marks = new Map<string, number>();
  for (const blob of blobs) {
    const mark = (await s.get(blob.key, { type: "json" })) as { firstSeen?: number } | null;
    if (typeof mark?.firstSeen === "number") marks.set(blob.key.slice("orphans/".length), mark.firstSeen);
  }
  return marks;
}

export async function markOrphan(quoteId: string, firstSeen: number): Promise<void> {
  await store().setJSON(orphanMarkKey(quoteId), { firstSeen }, { onlyIfNew: true });
}

export async function clearOrphanMark(quoteId: string): Promise<void> {
  await store().delete(orphanMarkKey(quoteId));
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
