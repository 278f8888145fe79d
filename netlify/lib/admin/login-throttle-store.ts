/**
 * Failed admin-login timestamps per client (store `admin-login-throttle`), and the site-wide count
 * per minute. Keys are keyed digests of the client's network (client-key.ts): no address is stored.
 */
import { openStore } from "../blobs/open-store.ts";
import { readLedger, updateJson, type Decision } from "../limits/ledger-store.ts";

const STORE_NAME = "admin-login-throttle";

const throttle = () => openStore(STORE_NAME);
/** Site-wide failure counts per minute; client keys are 64 hex digits, so this cannot clash. */
const SITE_KEY = "site/failures";
type SiteBuckets = Record<string, number>;

function parseBuckets(data: unknown): SiteBuckets {
  if (typeof data !== "object" || data === null) return {};
  const { buckets } = data as { buckets?: unknown };
  if (typeof buckets !== "object" || buckets === null) return {};
  return Object.fromEntries(Object.entries(buckets).filter(([, count]) => typeof count === "number"));
}

export async function readSiteFailures(): Promise<SiteBuckets> {
  return parseBuckets(await readLedger<unknown>(STORE_NAME, SITE_KEY));
}

/** Changes the site-wide counts with a conditional write; null when conflicts persist. */
export async function updateSiteFailures<R>(
  change: (buckets: SiteBuckets) => { result: R; next: SiteBuckets },
) {
  return updateJson<{ buckets: SiteBuckets }, R>(
    STORE_NAME,
    SITE_KEY,
    (current): Decision<{ buckets: SiteBuckets }, R> => {
      const { result, next } = change(parseBuckets(current));
      return { result, next: { buckets: next } };
    },
  );
}

function parseFailures(data: unknown): number[] {
  if (typeof data !== "object" || data === null) return [];
  const { failures } = data as { failures?: unknown };
  return Array.isArray(failures) ? failures.filter((t): t is number => typeof t === "number") : [];
}

/**
 * Changes the failure list of `key` with the one conditional update: `change` gets the failures
 * stored now and returns the list to store (or none to store nothing). null when conflicts persist.
 */
export async function updateFailures<R>(
  key: string,
  change: (failures: number[]) => { result: R; next?: number[] },
): Promise<R | null> {
  return updateJson<{ failures: number[] }, R>(STORE_NAME, key, (current) => {
    const { result, next } = change(parseFailures(current));
    return next === undefined ? { result } : { result, next: { failures: next } };
  });
}

export async function clearFailures(key: string): Promise<void> {
  await throttle().delete(key);
}
