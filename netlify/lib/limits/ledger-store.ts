/**
 * Small JSON counters updated by many requests at once (upload quotas, the site-wide login count),
 * changed through the one conditional update (netlify/lib/blobs/conditional-update.ts).
 */
import { openStore } from "../blobs/open-store.ts";
import { conditionalUpdate, UpdateConflictError } from "../blobs/conditional-update.ts";

/** Store of the upload quotas (per client and site-wide). Keys hold HMACs of networks, never addresses. */
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

export async function readJson<T>(storeName: string, key: string): Promise<T | null> {
  return (await openStore(storeName).get(key, { type: "json" })) as T | null;
}
