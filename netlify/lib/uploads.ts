/**
 * The part-upload protocol for quote attachments (docs/uploads.md): create → numbered parts → complete.
 * A file is reassembled in Blobs, checked by size and content, and then waits for a quote to claim it.
 */
import { randomUUID } from "node:crypto";
import { MAX_ATTACHMENT_BYTES } from "../../src/lib/constants.ts";
import { UPLOAD_ID_PATTERN, UPLOAD_PART_BYTES, UPLOAD_TTL_MS } from "../../src/lib/quote/upload.ts";
import { cleanFileName, detectFileType } from "./file-types.ts";
import { HttpError } from "./http-error.ts";
import { readBodyLimited } from "./request-body.ts";
import {
  deleteParts,
  deleteUpload,
  listOrphanIds,
  listUploads,
  readPart,
  readUpload,
  saveFile,
  savePart,
  saveUpload,
  type UploadRecord,
} from "./uploads-store.ts";

export const FILE_TOO_LARGE_MESSAGE = "Please ensure all files are under 5MB";

export function notAnAcceptedType(name: string) {
  return new HttpError(415, `${name} is not an image, PDF or Word document`);
}

export interface UploadSummary {
  id: string;
  name: string;
  size: number;
  type: string;
}

const iso = (ms: number) => new Date(ms).toISOString();

export async function createUpload(input: Record<string, unknown>, now = Date.now()) {
  const name = cleanFileName(input.name);
  if (!name) throw new HttpError(400, "name must be the file's name (no folders, at most 200 characters)");
  const { size } = input;
  if (typeof size !== "number" || !Number.isSafeInteger(size) || size < 1) {
    throw new HttpError(400, "size must be the file's size in bytes");
  }
  if (size > MAX_ATTACHMENT_BYTES) throw new HttpError(413, FILE_TOO_LARGE_MESSAGE);
  const record: UploadRecord = {
    id: randomUUID(),
    name,
    size,
    partSize: UPLOAD_PART_BYTES,
    partCount: Math.ceil(size / UPLOAD_PART_BYTES),
    createdAt: iso(now),
    expiresAt: iso(now + UPLOAD_TTL_MS),
    status: "open",
  };
  await saveUpload(record);
  return {
    uploadId: record.id,
    partSize: record.partSize,
    partCount: record.partCount,
    expiresAt: record.expiresAt,
  };
}

/** The upload, if its id is well formed, it exists and it has not expired. */
export async function findLiveUpload(id: string, now = Date.now()): Promise<UploadRecord> {
  const record = UPLOAD_ID_PATTERN.test(id) ? await readUpload(id) : null;
  if (!record) throw new HttpError(404, "Upload not found");
  if (Date.parse(record.expiresAt) <= now)
    throw new HttpError(410, "Upload expired; please attach the file again");
  return record;
}

const expectedPartLength = (record: UploadRecord, index: number) =>
  index < record.partCount ? record.partSize : record.size - record.partSize * (record.partCount - 1);

/** Stores part `index` (1-based). Sending the same part again replaces it: retries are harmless. */
export async function receivePart(id: string, indexText: string, req: Request, now = Date.now()) {
  const record = await findLiveUpload(id, now);
  const index = /^[1-9]\d{0,2}$/.test(indexText) ? Number(indexText) : NaN;
  if (!(index >= 1 && index <= record.partCount)) {
    throw new HttpError(400, `Part number must be between 1 and ${record.partCount}`);
  }
  if (record.status === "complete") throw new HttpError(409, "Upload already complete");
  const expected = expectedPartLength(record, index);
  const bytes = await readBodyLimited(req, expected);
  if (bytes.byteLength !== expected) {
    throw new HttpError(400, `Part ${index} must be exactly ${expected} bytes, got ${bytes.byteLength}`);
  }
  await savePart(id, index, bytes);
  return { uploadId: id, part: index, size: bytes.byteLength };
}

/**
 * Reassembles the parts, checks size and content and keeps the file. Completing a complete upload
 * again answers as the first time did.
 */
export async function completeUpload(id: string, now = Date.now()): Promise<UploadSummary> {
  const record = await findLiveUpload(id, now);
  if (record.status === "complete" && record.type) {
    return { id, name: record.name, size: record.size, type: record.type };
  }
  const parts: Uint8Array[] = [];
  const missing: number[] = [];
  for (let index = 1; index <= record.partCount; index++) {
    const part = await readPart(id, index);
    if (part) parts.push(part);
    else missing.push(index);
  }
  if (missing.length) throw new HttpError(409, `Missing parts: ${missing.join(", ")}`);
  const file = new Uint8Array(record.size);
  let offset = 0;
  for (const part of parts) {
    if (offset + part.byteLength > record.size)
      throw new HttpError(409, "Parts do not add up to the file size");
    file.set(part, offset);
    offset += part.byteLength;
  }
  if (offset !== record.size) throw new HttpError(409, "Parts do not add up to the file size");
  const detected = detectFileType(file);
  if (!detected) {
    await deleteUpload(id);
    throw notAnAcceptedType(record.name);
  }
  await saveFile(id, file);
  await saveUpload({
    ...record,
    status: "complete",
    type: detected.mime,
    expiresAt: iso(now + UPLOAD_TTL_MS),
  });
  await deleteParts(id);
  return { id, name: record.name, size: record.size, type: detected.mime };
}

/** Deletes uploads past their expiry and leftovers of interrupted deletes; returns how many. */
export async function cleanupExpiredUploads(now = Date.now()): Promise<number> {
  const uploads = await listUploads();
  const expired = uploads.filter((record) => Date.parse(record.expiresAt) <= now);
  for (const record of expired) await deleteUpload(record.id);
  const orphans = await listOrphanIds(new Set(uploads.map((record) => record.id)));
  let removed = expired.length;
  for (const id of orphans) {
    // Created since the listing above: not an orphan.
    if (await readUpload(id)) continue;
    await deleteUpload(id);
    removed++;
  }
  return removed;
}
