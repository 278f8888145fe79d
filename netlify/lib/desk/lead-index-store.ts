/**
 * The summary index of quote submissions (docs/decisions.md, "Lead desk: summary index"): one
 * compact row per lead, in one JSON blob per month of `createdAt` (`months/yyyy-mm`) in the
 * "quote-index" store. The admin list filters, searches, counts and pages over these rows and then
 * reads only the page's full records. The records in "quote-submissions" stay the truth: the index
 * can always be rebuilt from them.
 *
 * Writers change one month with a conditional write and retry on conflict, so concurrent quotes and
 * admin changes never drop a row. Readers keep parsed months in memory keyed by their ETag: a warm
 * function lists the months (one call) and reads again only those that changed.
 */
import { openStore, setJsonIfUnchanged } from "../blobs/open-store.ts";
import { withKeyLock } from "../blobs/key-lock.ts";

const STORE_NAME = "quote-index";
const MONTH_PREFIX = "months/";
const META_KEY = "meta";
const INDEX_VERSION = 1;
const MAX_ATTEMPTS = 25;

export interface LeadRow {
  id: string;
  createdAt: string;
  reference?: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  service: string;
  status: string;
  /** The start of the message, for search. */
  message: string;
  /** sourceLabel() of the lead's source. */
  source: string;
}

interface MonthShard {
  rows: LeadRow[];
}

interface IndexMeta {
  version: number;
  builtAt: string;
}

const store = () => openStore(STORE_NAME);
const monthOf = (createdAt: string) => (/^\d{4}-\d{2}/.test(createdAt) ? createdAt.slice(0, 7) : "unknown");
const monthKey = (month: string) => `${MONTH_PREFIX}${month}`;

const pause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(200, 5 * 2 ** attempt)));

/**
 * Applies `change` to one month's rows with a conditional write, retrying on a concurrent change.
 * The local Blobs server gives ETags only in listings (netlify/cli#6902), hence the listing before each read.
 */
function updateMonth(month: string, change: (rows: LeadRow[]) => LeadRow[]): Promise<void> {
  return withKeyLock(`quote-index:${month}`, () => tryUpdateMonth(month, change));
}

async function tryUpdateMonth(month: string, change: (rows: LeadRow[]) => LeadRow[]): Promise<void> {
  const s = store();
  const key = monthKey(month);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const entry = await s.getWithMetadata(key, { type: "json" });
    let etag = entry?.etag;
    let rows = (entry?.data as MonthShard | undefined)?.rows ?? [];
    if (entry && !etag) {
      const { blobs } = await s.list({ prefix: key });
      etag = blobs.find((blob) => blob.key === key)?.etag;
      const again = (await s.get(key, { type: "json" })) as MonthShard | null;
      rows = again?.rows ?? [];
      if (!etag || !again) continue;
    }
    const next: MonthShard = { rows: change(rows) };
    if (await setJsonIfUnchanged(s, key, next, etag)) return;
    await pause(attempt);
  }
  throw new Error(`Index month ${month} kept changing; gave up after ${MAX_ATTEMPTS} attempts`);
}

function byMonth<T extends { createdAt: string }>(items: T[]): Map<string, T[]> {
  const months = new Map<string, T[]>();
  for (const item of items) {
    const month = monthOf(item.createdAt);
    months.set(month, [...(months.get(month) ?? []), item]);
  }
  return months;
}

/** Adds or replaces rows (by id). */
export async function upsertRows(rows: LeadRow[]): Promise<void> {
  await Promise.all(
    [...byMonth(rows)].map(([month, changed]) =>
      updateMonth(month, (current) => {
        const ids = new Set(changed.map((row) => row.id));
        return [...current.filter((row) => !ids.has(row.id)), ...changed];
      }),
    ),
  );
}

/** Changes the status of one row; no-op when the row is not there. */
export async function setRowStatus(id: string, createdAt: string, status: string): Promise<void> {
  await updateMonth(monthOf(createdAt), (rows) =>
    rows.map((row) => (row.id === id ? { ...row, status } : row)),
  );
}

/** Removes rows by id. */
export async function removeRows(rows: { id: string; createdAt: string }[]): Promise<void> {
  await Promise.all(
    [...byMonth(rows)].map(([month, removed]) => {
      const ids = new Set(removed.map((row) => row.id));
      return updateMonth(month, (current) => current.filter((row) => !ids.has(row.id)));
    }),
  );
}

/** Whether the index has been built (from the stored submissions) in this store. */
export async function indexIsBuilt(): Promise<boolean> {
  const meta = (await store().get(META_KEY, { type: "json" })) as IndexMeta | null;
  return meta?.version === INDEX_VERSION;
}

export async function markIndexBuilt(now = Date.now()): Promise<void> {
  const meta: IndexMeta = { version: INDEX_VERSION, builtAt: new Date(now).toISOString() };
  await store().setJSON(META_KEY, meta);
}

const cache = new Map<string, { etag: string; rows: LeadRow[] }>();

/**
 * Every row, in no particular order. One listing; a month is read only when its ETag differs from
 * the copy this instance already holds.
 */
export async function readAllRows(): Promise<LeadRow[]> {
  const s = store();
  const months: { key: string; etag: string }[] = [];
  for await (const page of s.list({ prefix: MONTH_PREFIX, paginate: true })) {
    for (const blob of page.blobs) months.push({ key: blob.key, etag: blob.etag });
  }
  const present = new Set(months.map((month) => month.key));
  for (const key of cache.keys()) if (!present.has(key)) cache.delete(key);
  const shards = await Promise.all(
    months.map(async ({ key, etag }) => {
      const cached = cache.get(key);
      if (cached && cached.etag === etag) return cached.rows;
      // Read after listing: the rows are at least as new as `etag`, so a later change shows up
      // as a different ETag in the next listing.
      const shard = (await s.get(key, { type: "json" })) as MonthShard | null;
      const rows = shard?.rows ?? [];
      cache.set(key, { etag, rows });
      return rows;
    }),
  );
  return shards.flat();
}

/** Drops this instance's parsed copy (benchmarks measure cold reads with it). */
export function forgetCachedIndex(): void {
  cache.clear();
}
