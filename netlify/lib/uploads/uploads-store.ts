/**
 * Storage of quote attachments in transit (docs/uploads.md): the upload's record in table `uploads`,
 * its numbered parts and, once complete, the reassembled file as bytes in the Blobs store
 * "quote-uploads". The only module that touches either.
 */
import { UPLOAD_ID_PATTERN } from "../../../src/lib/quote/upload.ts";
import { openStore } from "../blobs/open-store.ts";
import { database } from "../database/database.ts";
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

export async function savePart(id: string, index: number, bytes: Uint8Array): Promise<void> {
  await store().set(partKey(id, index), new Blob([bytes as Uint8Array<ArrayBuffer>]));
}

export async function readPart(id: string, index: number): Promise<Uint8Array | null> {
  const data = await store().get(partKey(id, index), { type: "arrayBuffer" });
  return data ? new Uint8Array(data) : null;
}

export async function saveFile(id: string, bytes: Uint8Array): Promise<void> {
  await store().set(fileKey(id), new Blob([bytes as Uint8Array<ArrayBuffer>]));
}

export async function readFile(id: string): Promise<Uint8Array | null> {
  const data = await store().get(fileKey(id), { type: "arrayBuffer" });
  return data ? new Uint8Array(data) : null;
}

export async function deleteParts(id: string): Promise<void> {
  const s = store();
  const { blobs } = await s.list({ prefix: partPrefix(id) });
  await Promise.all(blobs.map((blob) => s.delete(blob.key)));
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
 * Removes everything of an upload: its bytes, then its record, so an interrupted delete leaves the
 * record for the next clean-up to finish. With `partCount` the part keys are known and nothing
 * needs listing.
 */
export async function deleteUpload(id: string, partCount?: number): Promise<void> {
  const s = store();
  const parts =
    partCount === undefined
      ? deleteParts(id)
      : Promise.all(Array.from({ length: partCount }, (_, i) => s.delete(partKey(id, i + 1))));
  await Promise.all([parts, s.delete(fileKey(id))]);
  if (UPLOAD_ID_PATTERN.test(id)) await database().query("DELETE FROM uploads WHERE id = $1", [id]);
}

/** Uploads expired at `now`, oldest first, at most `limit`. */
export async function expiredUploads(
  now: number,
  limit: number,
): Promise<{ id: string; partCount: number }[]> {
  const { rows } = await database().query<{ id: string; part_count: number }>(
    "SELECT id, part_count FROM uploads WHERE expires_at <= $1 ORDER BY expires_at, id LIMIT $2",
    [iso(now), limit],
  );
  return rows.map((row) => ({ id: row.id, partCount: row.part_count }));
}

/** Of `ids`, those with a record. */
export async function recordedUploads(ids: readonly string[]): Promise<Set<string>> {
  const valid = ids.filter((id) => UPLOAD_ID_PATTERN.test(id));
  if (!valid.length) return new Set();
  const { rows } = await database().query<{ id: string }>(
    "SELECT id FROM uploads WHERE id = ANY($1::uuid[])",
    [valid],
  );
  return new Set(rows.map((row) => row.id));
}

/** Ids that have parts or a file (with or without a record), a page at a time. */
export async function* leftoverIdPages(): AsyncGenerator<string[]> {
  // Keys rather than directories: a directory listing may name folders that hold nothing any more.
  for (const prefix of ["parts/", "files/"]) {
    for await (const page of store().list({ prefix, paginate: true })) {
      yield [...new Set(page.blobs.map((blob) => blob.key.slice(prefix.length).split("/")[0]!))];
    }
  }
}
