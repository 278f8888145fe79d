/**
 * Blobs storage of quote submissions, their attachments and submit idempotency keys.
 * The only module that touches the "quote-submissions" store. Reads are strongly consistent.
 */
import { getJsonWithEtag, openStore, setJsonIfUnchanged, type JsonWithEtag } from "./blobs.ts";
import type { NotificationState } from "./notification-state.ts";

const STORE_NAME = "quote-submissions";

export interface StoredAttachment {
  id: string;
  /** Original file name: metadata only. */
  name: string;
  size: number;
  /** Detected from the content. */
  type: string;
}

export interface SubmissionRecord {
  id: string;
  createdAt: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  serviceRequired: string;
  message: string;
  attachments: StoredAttachment[];
  /** Absent on quotes stored before references and e-mail notifications existed. */
  reference?: string;
  notifications?: NotificationState[];
}

export interface IdempotencyRecord {
  submissionId: string;
  createdAt: string;
}

const store = () => openStore(STORE_NAME);
const submissionKey = (id: string) => `submissions/${id}`;
const attachmentKey = (submissionId: string, attachmentId: string) =>
  `attachments/${submissionId}/${attachmentId}`;
const idempotencyKey = (hash: string) => `idempotency/${hash}`;

export async function saveAttachment(submissionId: string, attachment: StoredAttachment, bytes: Uint8Array) {
  await store().set(
    attachmentKey(submissionId, attachment.id),
    new Blob([bytes as Uint8Array<ArrayBuffer>]),
    {
      metadata: { ...attachment },
    },
  );
}

/** The attachment as a stream with its metadata, or null. */
export async function openAttachment(
  submissionId: string,
  attachmentId: string,
): Promise<{ stream: ReadableStream; metadata: Partial<StoredAttachment> } | null> {
  const result = await store().getWithMetadata(attachmentKey(submissionId, attachmentId), { type: "stream" });
  if (!result) return null;
  return { stream: result.data, metadata: result.metadata as Partial<StoredAttachment> };
}

/** Writes the record: the commit point of a quote (its attachments are written before). */
export async function saveSubmission(record: SubmissionRecord): Promise<void> {
  await store().setJSON(submissionKey(record.id), record);
}

export async function readSubmission(id: string): Promise<SubmissionRecord | null> {
  return (await store().get(submissionKey(id), { type: "json" })) as SubmissionRecord | null;
}

/** Every submission, newest first. */
export async function listSubmissions(): Promise<SubmissionRecord[]> {
  const s = store();
  const { blobs } = await s.list({ prefix: "submissions/" });
  const records = (await Promise.all(blobs.map((blob) => s.get(blob.key, { type: "json" })))).filter(
    Boolean,
  ) as SubmissionRecord[];
  return records.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
}

/**
 * Binds an idempotency key (hashed) to a submission id, unless it is bound already.
 * Returns the binding that holds after the call.
 */
export async function claimIdempotencyKey(
  hash: string,
  proposal: IdempotencyRecord,
): Promise<IdempotencyRecord> {
  const s = store();
  const { modified } = await s.setJSON(idempotencyKey(hash), proposal, { onlyIfNew: true });
  if (modified) return proposal;
  const existing = (await s.get(idempotencyKey(hash), { type: "json" })) as IdempotencyRecord | null;
  return existing ?? proposal;
}

// E-mail notifications (netlify/lib/notifications.ts): references, the outbox and conditional
// updates of a record. `outbox/{id}` marks a quote with e-mails still due, so the scheduled sender
// lists those instead of every quote; `references/{reference}` keeps references unique.

const outboxKey = (submissionId: string) => `outbox/${submissionId}`;
const referenceKey = (reference: string) => `references/${reference}`;

export interface OutboxEntry {
  createdAt: string;
}

/** Claims `reference` for the submission; false when another submission holds it. */
export async function reserveReference(reference: string, submissionId: string): Promise<boolean> {
  const { modified } = await store().setJSON(referenceKey(reference), { submissionId }, { onlyIfNew: true });
  return modified;
}

export async function saveOutboxEntry(submissionId: string, entry: OutboxEntry): Promise<void> {
  await store().setJSON(outboxKey(submissionId), entry);
}

export async function readOutboxEntry(submissionId: string): Promise<OutboxEntry | null> {
  return (await store().get(outboxKey(submissionId), { type: "json" })) as OutboxEntry | null;
}

export async function deleteOutboxEntry(submissionId: string): Promise<void> {
  await store().delete(outboxKey(submissionId));
}

/** Ids of the submissions that have an outbox entry. */
export async function listOutbox(): Promise<string[]> {
  const { blobs } = await store().list({ prefix: "outbox/" });
  return blobs.map((blob) => blob.key.slice("outbox/".length));
}

export function readSubmissionForUpdate(id: string): Promise<JsonWithEtag<SubmissionRecord> | null> {
  return getJsonWithEtag<SubmissionRecord>(store(), submissionKey(id));
}

/** Writes the record only if unchanged since read with `etag`; false on a concurrent change. */
export function saveSubmissionIfUnchanged(record: SubmissionRecord, etag: string): Promise<boolean> {
  return setJsonIfUnchanged(store(), submissionKey(record.id), record, etag);
}
