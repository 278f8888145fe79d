/**
 * Small JSON counters updated by many requests at once (upload quotas, the site-wide login count),
 * changed through the one conditional update (netlify/lib/blobs/conditional-update.ts).
 */
import { openStore } from "../blobs/open-store.ts";
import { conditionalUpdate, UpdateConflictError } from "../blobs/conditional-update.ts";

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

/**
 * Reads `key`, lets `decide` answer and say what to store, and stores it only if nobody wrote in
 * between; on a conflict reads again. null when conflicts persist (many writers at once).
 */
export async function updateJson<T, R>(
  storeName: string,
  key: string,
  decide: (current: T | null) => Decision<T, R>,
): Promise<R | null> {
  try {
    return await conditionalUpdate(storeName, key, decide, { attempts: MAX_WRITE_ATTEMPTS });
  } catch (error) {
    if (error instanceof UpdateConflictError) return null;
    throw error;
  }
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
