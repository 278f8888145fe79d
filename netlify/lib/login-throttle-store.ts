/**
 * Failed admin-login timestamps per client address (store `admin-login-throttle`). Keys are keyed
 * digests of the address computed by auth.ts: no address is stored.
 */
import { getStore } from "@netlify/blobs";

const STORE_NAME = "admin-login-throttle";

export interface FailureRecord {
  failures: number[];
  /** ETag of the stored entry; undefined when there is none yet. */
  etag: string | undefined;
}

function throttle() {
  return getStore({ name: STORE_NAME, consistency: "strong" });
}

export async function readFailures(key: string): Promise<FailureRecord> {
  const store = throttle();
  const entry = await store.getWithMetadata(key, { type: "json" });
  if (!entry) return { failures: [], etag: undefined };
  if (entry.etag !== undefined) return { failures: parseFailures(entry.data), etag: entry.etag };
  // The local BlobsServer (tests, Netlify CLI) sends no ETag on reads; its listing has them. Taking
  // the ETag before reading the data again keeps the later conditional write safe.
  const { blobs } = await store.list({ prefix: key });
  const etag = blobs.find((blob) => blob.key === key)?.etag;
  const data: unknown = await store.get(key, { type: "json" });
  if (etag === undefined || data === null) return { failures: [], etag: undefined };
  return { failures: parseFailures(data), etag };
}

function parseFailures(data: unknown): number[] {
  if (typeof data !== "object" || data === null) return [];
  const { failures } = data as { failures?: unknown };
  return Array.isArray(failures) ? failures.filter((t): t is number => typeof t === "number") : [];
}

/**
 * Writes the failure list only if the entry is unchanged since it was read (`etag`), or still absent
 * when `etag` is undefined. False on a concurrent change: the caller reads again and retries.
 */
export async function writeFailures(
  key: string,
  failures: number[],
  etag: string | undefined,
): Promise<boolean> {
  const options = etag === undefined ? { onlyIfNew: true } : { onlyIfMatch: etag };
  const { modified } = await throttle().setJSON(key, { failures }, options);
  return modified;
}

export async function clearFailures(key: string): Promise<void> {
  await throttle().delete(key);
}
