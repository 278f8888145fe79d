/**
 * Blobs storage of quote attachments in transit (docs/uploads.md): the upload record, its numbered
 * parts and, once complete, the reassembled file. The only module that touches the "quote-uploads" store.
 */
import { openStore } from "../blobs/open-store.ts";
import { conditionalUpdate, UpdateConflictError } from "../blobs/conditional-update.ts";

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

const store = () => openStore(STORE_NAME);
const metaKey = (id: string) => `meta/${id}`;
const partPrefix = (id: string) => `parts/${id}/`;
const partKey = (id: string, index: number) => `${partPrefix(id)}${String(index).padStart(3, "0")}`;
const fileKey = (id: string) => `files/${id}`;

export async function saveUpload(record: UploadRecord): Promise<void> {
  await store().setJSON(metaKey(record.id), record);
}

export async function readUpload(id: string): Promise<UploadRecord | null> {
  return (await store().get(metaKey(id), { type: "json" })) as UploadRecord | null;
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
  try {
    return await conditionalUpdate<UploadRecord, boolean>(
      STORE_NAME,
      metaKey(id),
      (current) => {
        if (!current) return { result: false };
        if (current.claimedBy) return { result: current.claimedBy === quoteId };
        return { next: { ...current, claimedBy: quoteId }, result: true };
      },
      { attempts: 5 },
    );
  } catch (error) {
    if (error instanceof UpdateConflictError) return false;
    throw error;
  }
}

/**
 * Removes everything of an upload, all at once. A half-done delete leaves parts or a file without a
 * record, which the cleanup's leftover pass finds. With `partCount` the part keys are known and
 * nothing needs listing.
 */
export async function deleteUpload(id: string, partCount?: number): Promise<void> {
  const s = store();
  const parts =
    partCount === undefined
      ? deleteParts(id)
      : Promise.all(Array.from({ length: partCount }, (_, i) => s.delete(partKey(id, i + 1))));
  await Promise.all([parts, s.delete(fileKey(id)), s.delete(metaKey(id))]);
}

/** Upload ids with a record, a page at a time. */
export async function* uploadIdPages(): AsyncGenerator<string[]> {
  for await (const page of store().list({ prefix: "meta/", paginate: true })) {
    yield page.blobs.map((blob) => blob.key.slice("meta/".length));
  }
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
