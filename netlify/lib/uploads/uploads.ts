/**
 * The part-upload protocol for quote attachments (docs/uploads.md): create → numbered parts → complete.
 * A file is reassembled in Blobs, checked by size and content, and then waits for a quote to claim it.
 */
import { randomUUID } from "node:crypto";
import { MAX_ATTACHMENT_BYTES } from "../../../src/lib/constants.ts";
import { QUOTE_MESSAGES } from "../../../src/lib/quote/rules.ts";
import {
  UPLOAD_ID_PATTERN,
  UPLOAD_MAX_LIFE_MS,
  UPLOAD_PART_BYTES,
  UPLOAD_TTL_MS,
} from "../../../src/lib/quote/upload.ts";
import { acceptAttachment, isMacroEnabledName, macrosRefused } from "./file-types.ts";
import type { UploadStart } from "./upload-start.ts";
import { ConflictError, HttpError, NotFoundError } from "../http/http-error.ts";
import { readBodyLimited } from "../http/request-body.ts";
import { iso } from "../http/iso-time.ts";
import { chargeAttachments, type QuotaClient } from "../limits/upload-quota.ts";
import {
  deleteParts,
  deleteUpload,
  expiredUploads,
  readPart,
  readUpload,
  saveFile,
  savePart,
  saveUpload,
  type UploadRecord,
} from "./uploads-store.ts";

export const FILE_TOO_LARGE_MESSAGE = QUOTE_MESSAGES.fileTooLarge;

export interface UploadSummary {
  id: string;
  name: string;
  size: number;
  type: string;
}

/**
 * Starts an upload (its body checked by UploadStartSchema) for `client` (client-key.ts), charged
 * to its quota and the site's (upload-quota.ts); 413 over the attachment size limit.
 */
export async function createUpload({ name, size }: UploadStart, client: QuotaClient, now = Date.now()) {
  if (size > MAX_ATTACHMENT_BYTES) throw new HttpError(413, FILE_TOO_LARGE_MESSAGE);
  // Refused before a byte is sent; the content is checked again on completion.
  if (isMacroEnabledName(name)) throw macrosRefused(name);
  await chargeAttachments(client, [size], now);
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
  if (!record) throw new NotFoundError("Upload not found");
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
  if (record.status === "complete") throw new ConflictError("Upload already complete");
  const expected = expectedPartLength(record, index);
  const bytes = await readBodyLimited(req, expected);
  if (bytes.byteLength !== expected) {
    throw new HttpError(400, `Part ${index} must be exactly ${expected} bytes, got ${bytes.byteLength}`);
  }
  // Deleted meanwhile (expired, refused or sent with a quote): nothing is kept.
  if (!(await savePart(id, index, bytes))) throw new NotFoundError("Upload not found");
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
  if (missing.length) throw new ConflictError(`Missing parts: ${missing.join(", ")}`);
  const file = new Uint8Array(record.size);
  let offset = 0;
  for (const part of parts) {
    if (offset + part.byteLength > record.size)
      throw new ConflictError("Parts do not add up to the file size");
    file.set(part, offset);
    offset += part.byteLength;
  }
  if (offset !== record.size) throw new ConflictError("Parts do not add up to the file size");
  let detected;
  try {
    detected = acceptAttachment(record.name, file);
  } catch (error) {
    await deleteUpload(id);
    throw error;
  }
  if (!(await saveFile(id, file))) throw new NotFoundError("Upload not found");
  await saveUpload({
    ...record,
    status: "complete",
    type: detected.mime,
    expiresAt: iso(Math.min(now + UPLOAD_TTL_MS, Date.parse(record.createdAt) + UPLOAD_MAX_LIFE_MS)),
  });
  await deleteParts(id, record.partCount);
  return { id, name: record.name, size: record.size, type: detected.mime };
}

/** A scheduled run stops taking new work after this, well inside Netlify's 30 s limit. */
export const CLEANUP_BUDGET_MS = 20_000;
/** Uploads deleted at once: each delete is a few Blobs calls, mostly waiting on the network. */
export const CLEANUP_CONCURRENCY = 32;
/** Expired uploads read from the table at a time. */
const CLEANUP_BATCH = 500;

/** Runs `work` on every item, at most `limit` at a time, starting none once `go()` is false. */
async function forEachBounded<T>(
  items: readonly T[],
  limit: number,
  go: () => boolean,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length && go()) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export interface CleanupResult {
  removed: number;
  /** False when the run stopped at its time budget with work left: the next run goes on. */
  finished: boolean;
}

/**
 * Deletes uploads past their expiry, oldest first (one indexed query a batch), in parallel, taking
 * no new work after `budgetMs`. Every upload's bytes have a record (uploads-store.ts), so there are
 * no leftovers to look for.
 */
export async function cleanupExpiredUploads(
  now = Date.now(),
  budgetMs = CLEANUP_BUDGET_MS,
): Promise<CleanupResult> {
  const deadline = Date.now() + budgetMs;
  const inTime = () => Date.now() < deadline;
  let removed = 0;
  for (;;) {
    const expired = await expiredUploads(now, CLEANUP_BATCH);
    if (!expired.length) break;
    await forEachBounded(expired, CLEANUP_CONCURRENCY, inTime, async (id) => {
      await deleteUpload(id);
      removed += 1;
    });
    if (!inTime()) return { removed, finished: false };
  }
  return { removed, finished: true };
}
