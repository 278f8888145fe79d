/**
 * Blobs storage of quote attachments in transit (docs/uploads.md): the upload record, its numbered
 * parts and, once complete, the reassembled file. The only module that touches the "quote-uploads" store.
 */
import { openStore } from "./blobs.ts";

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

/** Removes everything of an upload; the record goes last so a half-done delete is found again. */
export async function deleteUpload(id: string): Promise<void> {
  await deleteParts(id);
  await store().delete(fileKey(id));
  await store().delete(metaKey(id));
}

export async function listUploads(): Promise<UploadRecord[]> {
  const s = store();
  const { blobs } = await s.list({ prefix: "meta/" });
  const records = await Promise.all(blobs.map((blob) => s.get(blob.key, { type: "json" })));
  return records.filter(Boolean) as UploadRecord[];
}

/** Upload ids that have parts or a file but no record (left by an interrupted delete). */
export async function listOrphanIds(knownIds: ReadonlySet<string>): Promise<string[]> {
  const s = store();
  const [parts, files] = await Promise.all([
    s.list({ prefix: "parts/", directories: true }),
    s.list({ prefix: "files/" }),
  ]);
  const ids = new Set<string>();
  for (const dir of parts.directories) ids.add(dir.replace(/^parts\//, "").replace(/\/$/, ""));
  for (const blob of files.blobs) ids.add(blob.key.replace(/^files\//, ""));
  return [...ids].filter((id) => !knownIds.has(id));
}
