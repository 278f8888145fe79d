/**
 * Blobs storage of quote submissions, their attachments and submit idempotency keys.
 * The only module that touches the "quote-submissions" store. Reads are strongly consistent.
 */
import type { LeadNote, LeadSource, LeadStatus } from "../../../src/lib/lead-model.ts";
import type { StoredEstimate } from "../../../src/lib/price-guide/estimate.ts";
import type { QuoteFields } from "../../../src/lib/quote/rules.ts";
import type { NotificationState } from "../mail/notification-state.ts";
import { openStore } from "../blobs/open-store.ts";
import { conditionalUpdate, type Update } from "../blobs/conditional-update.ts";

export const QUOTE_STORE = "quote-submissions";
const STORE_NAME = QUOTE_STORE;

export interface StoredAttachment {
  id: string;
  /** Original file name: metadata only. */
  name: string;
  size: number;
  /** Detected from the content. */
  type: string;
}

export interface QuoteRecord extends QuoteFields {
  id: string;
  createdAt: string;
  attachments: StoredAttachment[];
  /** Short code the customer is told; absent on quotes stored before references existed. */
  reference?: string;
  /** Lead desk fields (docs/design.md, Lead desk); absent on quotes stored before it, read as `new`, no notes. */
  status?: LeadStatus;
  notes?: LeadNote[];
  source?: LeadSource;
  /** The e-mails due for this quote (netlify/lib/mail/outbox.ts); absent on older quotes. */
  notifications?: NotificationState[];
  /** The price guide range the visitor saw, worked out by the server (quote/estimate.ts). */
  estimate?: StoredEstimate;
  /** What the owner quoted, in whole pounds with VAT, once the lead is quoted (price guide calibration). */
  quotedAmount?: number;
  /** When the quoted amount was last set. */
  quotedAt?: string;
  /** Follow-ups (netlify/lib/follow-up/): when the status last changed; absent until it first does. */
  statusChangedAt?: string;
  /** When the lead first became `completed`: its one review request was queued then. */
  completedAt?: string;
  /** The secret of the review e-mails' unsubscribe link, and when the customer used it. */
  review?: { token: string; optedOutAt?: string };
  /**
   * Counts the owner's changes (status, notes): the lead index keeps the row of the highest
   * revision it was told about. Absent on quotes never changed (0).
   */
  revision?: number;
  /** The hashed idempotency key the quote was sent with, so erasing the quote removes it too. */
  idempotencyKeyHash?: string;
}

export interface IdempotencyRecord {
  quoteId: string;
  createdAt: string;
}

const store = () => openStore(STORE_NAME);
const quoteKey = (id: string) => `submissions/${id}`;
const attachmentKey = (quoteId: string, attachmentId: string) => `attachments/${quoteId}/${attachmentId}`;
const idempotencyKey = (hash: string) => `idempotency/${hash}`;

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

/** Writes the record: the commit point of a quote (its attachments are written before). */
export async function saveQuote(record: QuoteRecord): Promise<void> {
  await store().setJSON(quoteKey(record.id), record);
}

/**
 * The record, or null when there is none. A record that is not JSON (a write cut off by a crash of
 * the local runtime) is reported and read as missing, so one broken entry never breaks a whole list.
 */
export async function readQuote(id: string): Promise<QuoteRecord | null> {
  const text = await store().get(quoteKey(id), { type: "text" });
  if (text === null) return null;
  try {
    return JSON.parse(text) as QuoteRecord;
  } catch {
    console.error(`quote ${id}: the stored record is not valid JSON`);
    return null;
  }
}

/**
 * Changes one record through the conditional update (netlify/lib/blobs/conditional-update.ts):
 * the lead desk and the e-mail bookkeeping both change records, and neither loses the other's
 * change. `change` gets null when there is no such record.
 */
export async function updateQuote<R>(
  id: string,
  change: (record: QuoteRecord | null) => Update<QuoteRecord, R> | Promise<Update<QuoteRecord, R>>,
  conflictMessage?: string,
): Promise<R> {
  return conditionalUpdate(STORE_NAME, quoteKey(id), change, { conflictMessage });
}

/**
 * Deletes every entry a quote leaves in this store: its attachments first, then the record, its
 * outbox entry, its reference and its idempotency key (when the record names it). False when there
 * was no record.
 */
export async function deleteQuote(
  quote: Pick<QuoteRecord, "id" | "reference" | "idempotencyKeyHash">,
): Promise<boolean> {
  const s = store();
  const existed = (await s.get(quoteKey(quote.id), { type: "text" })) !== null;
  const { blobs } = await s.list({ prefix: `attachments/${quote.id}/` });
  await Promise.all(blobs.map((blob) => s.delete(blob.key)));
  await s.delete(quoteKey(quote.id));
  await Promise.all([
    // Its e-mails are no longer due.
    s.delete(outboxKey(quote.id)),
    quote.reference ? s.delete(referenceKey(quote.reference)) : undefined,
    quote.idempotencyKeyHash ? s.delete(idempotencyKey(quote.idempotencyKeyHash)) : undefined,
  ]);
  return existed;
}

/** The ids of every stored submission (keys only, no record is read). */
export async function listQuoteIds(): Promise<string[]> {
  const ids: string[] = [];
  for await (const page of store().list({ prefix: "submissions/", paginate: true })) {
    for (const blob of page.blobs) ids.push(blob.key.slice("submissions/".length));
  }
  return ids;
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

/** The submission an idempotency key (hashed) is bound to, or null. */
export async function readIdempotencyKey(hash: string): Promise<IdempotencyRecord | null> {
  return (await store().get(idempotencyKey(hash), { type: "json" })) as IdempotencyRecord | null;
}

const orphanMarkKey = (quoteId: string) => `orphans/${quoteId}`;

/** Submission ids that have attachments but no record: quotes whose commit was interrupted. */
export async function listAttachmentOwnersWithoutRecord(): Promise<string[]> {
  const s = store();
  // Keys rather than directories: the local Blobs server keeps a folder after its last entry goes.
  const [attachments, records] = await Promise.all([
    s.list({ prefix: "attachments/" }),
    s.list({ prefix: "submissions/" }),
  ]);
  const committed = new Set(records.blobs.map((blob) => blob.key.slice("submissions/".length)));
  const owners = new Set(attachments.blobs.map((blob) => blob.key.split("/")[1] ?? ""));
  return [...owners].filter((id) => id !== "" && !committed.has(id));
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

/** Deletes every attachment stored under a submission id. */
export async function deleteAttachments(quoteId: string): Promise<void> {
  const s = store();
  const { blobs } = await s.list({ prefix: `attachments/${quoteId}/` });
  await Promise.all(blobs.map((blob) => s.delete(blob.key)));
}

// E-mail notifications (netlify/lib/mail/outbox.ts): references and the outbox.
// `outbox/{id}` marks a quote with e-mails still due, so the scheduled sender
// lists those instead of every quote; `references/{reference}` keeps references unique.

const outboxKey = (quoteId: string) => `outbox/${quoteId}`;
const referenceKey = (reference: string) => `references/${reference}`;

export interface OutboxEntry {
  createdAt: string;
}

/** Claims `reference` for the submission; false when another submission holds it. */
export async function reserveReference(reference: string, quoteId: string): Promise<boolean> {
  const { modified } = await store().setJSON(referenceKey(reference), { quoteId }, { onlyIfNew: true });
  return modified;
}

export async function saveOutboxEntry(quoteId: string, entry: OutboxEntry): Promise<void> {
  await store().setJSON(outboxKey(quoteId), entry);
}

export async function readOutboxEntry(quoteId: string): Promise<OutboxEntry | null> {
  return (await store().get(outboxKey(quoteId), { type: "json" })) as OutboxEntry | null;
}

export async function deleteOutboxEntry(quoteId: string): Promise<void> {
  await store().delete(outboxKey(quoteId));
}

/** Ids of the submissions that have an outbox entry. */
export async function listOutbox(): Promise<string[]> {
  const { blobs } = await store().list({ prefix: "outbox/" });
  return blobs.map((blob) => blob.key.slice("outbox/".length));
}
