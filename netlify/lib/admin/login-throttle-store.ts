/**
 * Failed admin-login timestamps per client (store `admin-login-throttle`), and the site-wide count
 * per minute. Keys are keyed digests of the client's network (client-key.ts): no address is stored.
 */
import { getJsonWithEtag, openStore, setJsonIfUnchanged } from "../blobs/open-store.ts";
import { readLedger, updateJson, type Decision } from "../limits/ledger-store.ts";

const STORE_NAME = "admin-login-throttle";

export interface FailureRecord {
  failures: number[];
  /** ETag of the stored entry; undefined when there is none yet. */
  etag: string | undefined;
}

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

export async function readFailures(key: string): Promise<FailureRecord> {
  const entry = await getJsonWithEtag<unknown>(throttle(), key);
  if (!entry) return { failures: [], etag: undefined };
  return { failures: parseFailures(entry.data), etag: entry.etag };
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
  return setJsonIfUnchanged(throttle(), key, { failures }, etag);
}

export async function clearFailures(key: string): Promise<void> {
  await throttle().delete(key);
}
