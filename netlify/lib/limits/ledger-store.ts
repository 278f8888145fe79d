/**
 * Small JSON counters updated by many requests at once (upload quotas, the site-wide login count):
 * read with the entry's ETag, decide, write only if unchanged, retry on conflict.
 */
import { getJsonWithEtag, openStore, setJsonIfUnchanged } from "../blobs/open-store.ts";

/**
 * Store of the quotas and mail limits (upload-quota.ts, quote-quota.ts, mail-limits.ts). Keys hold
 * HMACs of networks and recipients, never addresses. Left out of backups: it only counts.
 */
export const LIMITS_STORE = "abuse-limits";
const MAX_WRITE_ATTEMPTS = 8;

export interface Decision<T, R> {
  result: R;
  /** The value to write; undefined leaves the entry as it is. */
  next?: T;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Reads `key`, lets `decide` answer and say what to store, and stores it only if nobody wrote in
 * between; on a conflict reads again. null when conflicts persist (many writers at once).
 */
export async function updateJson<T, R>(
  storeName: string,
  key: string,
  decide: (current: T | null) => Decision<T, R>,
): Promise<R | null> {
  const store = openStore(storeName);
  for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt += 1) {
    const entry = await getJsonWithEtag<T>(store, key);
    const { result, next } = decide(entry?.data ?? null);
    if (next === undefined) return result;
    if (await setJsonIfUnchanged(store, key, next, entry?.etag)) return result;
    await pause(5 + Math.random() * 20 * (attempt + 1));
  }
  return null;
}

/** A ledger entry as stored; null when there is none. */
export async function readLedger<T>(storeName: string, key: string): Promise<T | null> {
  return (await openStore(storeName).get(key, { type: "json" })) as T | null;
}

/** Every key under `prefix`. */
export async function listKeys(storeName: string, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const page of openStore(storeName).list({ prefix, paginate: true })) {
    keys.push(...page.blobs.map((blob) => blob.key));
  }
  return keys;
}

export async function deleteKeys(storeName: string, keys: readonly string[]): Promise<void> {
  const store = openStore(storeName);
  await Promise.all(keys.map((key) => store.delete(key)));
}
