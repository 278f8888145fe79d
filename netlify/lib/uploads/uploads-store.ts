/**
 * Storage of quote attachments in transit (docs/uploads.md): the upload's record in table `uploads`,
 * its numbered parts and, once complete, the reassembled file as bytes in the Blobs store
 * "quote-uploads". The only module that touches either.
 *
 * The record names every key an upload can have (parts 1..partCount and the file), so nothing here
 * lists the store. Bytes are written only while the record exists and is share-locked, and the
 * record is deleted in the transaction that deletes the bytes: a write either finishes before the
 * delete starts, or finds no record and writes nothing. No bytes can outlive their record.
 */
import { UPLOAD_ID_PATTERN } from "../../../src/lib/quote/upload.ts";
import { openStore } from "../blobs/open-store.ts";
import { database, transaction } from "../database/database.ts";
import { iso } from "../http/iso-time.ts";

const STORE_NAME = "quote-uploads";

export interface UploadRecord {
  id: string;
  /** Original file name: metadata only, never part of a key. */
  name: string;
  size: number;
  partSize: number;
  partCount: number;
  createdAt: string;
  /** Pushed forward when the upload completes. */
  expiresAt: string;
  status: "open" | "complete";
  /** Set on completion, from the file's content. */
  type?: string;
  /** The submission that took this upload: one upload goes into one quote only. */
  claimedBy?: string;
}

interface UploadRow {
  id: string;
  name: string;
  size: number;
  part_size: number;
  part_count: number;
  created_at: Date;
  expires_at: Date;
  status: UploadRecord["status"];
  type: string | null;
  claimed_by: string | null;
}

function recordOf(row: UploadRow): UploadRecord {
  return {
    id: row.id,
    name: row.name,
    size: row.size,
    partSize: row.part_size,
    partCount: row.part_count,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    status: row.status,
    ...(row.type !== null ? { type: row.type } : {}),
    ...(row.claimed_by !== null ? { claimedBy: row.claimed_by } : {}),
  };
}

const store = () => openStore(STORE_NAME);
const partPrefix = (id: string) => `parts/${id}/`;
const partKey = (id: string, index: number) => `${partPrefix(id)}${String(index).padStart(3, "0")}`;
const fileKey = (id: string) => `files/${id}`;

/**
 * Stores a new upload's record, or a record's completion (its status, type and expiry; the rest of
 * an upload never changes, and a quote's claim is kept).
 */
export async function saveUpload(record: UploadRecord): Promise<void> {
  await database().query(
    `INSERT INTO uploads (id, name, size, part_size, part_count, created_at, expires_at, status, type)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, type = EXCLUDED.type, expires_at = EXCLUDED.expires_at`,
    [
      record.id,
      record.name,
      record.size,
      record.partSize,
      record.partCount,
      record.createdAt,
      record.expiresAt,
      record.status,
      record.type ?? null,
    ],
  );
}

export async function readUpload(id: string): Promise<UploadRecord | null> {
  if (!UPLOAD_ID_PATTERN.test(id)) return null;
  const { rows } = await database().query<UploadRow>("SELECT * FROM uploads WHERE id = $1", [id]);
  return rows[0] ? recordOf(rows[0]) : null;
}

/**
 * Runs `write` while the upload's record exists, holding it share-locked so that deleteUpload waits
 * for the write; false (nothing written) when there is no record.
 */
async function whileRecorded(id: string, write: () => Promise<unknown>): Promise<boolean> {
  if (!UPLOAD_ID_PATTERN.test(id)) return false;
  return transaction(async (db) => {
    const { rows } = await db.query("SELECT 1 FROM uploads WHERE id = $1 FOR SHARE", [id]);
    if (!rows.length) return false;
    await write();
    return true;
  });
}

/** Stores part `index`; false when the upload has no record (any more). */
export async function savePart(id: string, index: number, bytes: Uint8Array): Promise<boolean> {
  return whileRecorded(id, () =>
    store().set(partKey(id, index), new Blob([bytes as Uint8Array<ArrayBuffer>])),
  );
}

export async function readPart(id: string, index: number): Promise<Uint8Array | null> {
  const data = await store().get(partKey(id, index), { type: "arrayBuffer" });
  return data ? new Uint8Array(data) : null;
}

/** Stores the reassembled file; false when the upload has no record (any more). */
export async function saveFile(id: string, bytes: Uint8Array): Promise<boolean> {
  return whileRecorded(id, () => store().set(fileKey(id), new Blob([bytes as Uint8Array<ArrayBuffer>])));
}

export async function readFile(id: string): Promise<Uint8Array | null> {
  const data = await store().get(fileKey(id), { type: "arrayBuffer" });
  return data ? new Uint8Array(data) : null;
}

/** Deletes parts 1..`partCount` of an upload (its record says how many it can have). */
export async function deleteParts(id: string, partCount: number): Promise<void> {
  const s = store();
  await Promise.all(Array.from({ length: partCount }, (_, i) => s.delete(partKey(id, i + 1))));
}

/**
 * Marks the upload as taken by `quoteId`, unless another submission took it first. True when
 * it is (now or already) this submission's; a retry of the same submission may take it again.
 */
export async function claimUpload(id: string, quoteId: string): Promise<boolean> {
  const { rowCount } = await database().query(
    `UPDATE uploads SET claimed_by = $2
      WHERE id = $1 AND status = 'complete' AND (claimed_by IS NULL OR claimed_by = $2)`,
    [id, quoteId],
  );
  return rowCount === 1;
}

/**
 * Removes everything of an upload: its record and, in the same transaction, its bytes, whose keys
 * the record gives. A write under way (whileRecorded) finishes first; one that comes later finds no
 * record. An interrupted delete rolls back and leaves the record for the next clean-up to finish.
 */
export async function deleteUpload(id: string): Promise<void> {
  if (!UPLOAD_ID_PATTERN.test(id)) return;
  await transaction(async (db) => {
    const { rows } = await db.query<{ part_count: number }>(
      "DELETE FROM uploads WHERE id = $1 RETURNING part_count",
      [id],
    );
    if (!rows[0]) return;
    await Promise.all([deleteParts(id, rows[0].part_count), store().delete(fileKey(id))]);
  });
}

/** Uploads expired at `now`, oldest first, at most `limit`. */
export async function expiredUploads(now: number, limit: number): Promise<string[]> {
  const { rows } = await database().query<{ id: string }>(
    "SELECT id FROM uploads WHERE expires_at <= $1 ORDER BY expires_at, id LIMIT $2",
    [iso(now), limit],
  );
  return rows.map((row) => row.id);
}
