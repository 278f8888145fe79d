/**
 * Blobs storage of the lead index (store "lead-index"); the only module that opens it. What the
 * entries mean and how they fit together is in lead-index.ts and docs/lead-index.md.
 *
 * - `changes/{yyyy}/{mm}/{dd}/{hh}/{ms}-{id}-{random}`: one change of one lead (a new quote, a
 *   status or a note, an erasure), written once under its own key by whoever made the change; never
 *   rewritten. The hour folder lets readers list only the hours that may hold changes not yet
 *   compacted; nested by date, because the local Blobs server looks at every folder beside the one
 *   listed, and keeps folders after their last entry goes.
 * - `meta`: the compacted snapshot's description (segments, counts, watermark); changed only by
 *   the compaction, through the one conditional update.
 * - `rows/{segment}` and `csv/{segment}`: one segment of the snapshot (its rows and CSV lines);
 *   written once under a new id, deleted once no snapshot refers to them any more.
 * - `lease`: which compaction runs now; `health`: the repairs the reconcile made.
 */
import { openStore } from "../blobs/open-store.ts";
import { conditionalUpdate, UpdateConflictError, type Update } from "../blobs/conditional-update.ts";
import type { LeadRow } from "./lead-row.ts";

export const LEAD_INDEX_STORE = "lead-index";
const META_KEY = "meta";
const LEASE_KEY = "lease";
const HEALTH_KEY = "health";
const CHANGES = "changes/";

const store = () => openStore(LEAD_INDEX_STORE);

// ---------------------------------------------------------------------------------------------
// Changes

/** One change of one lead. `row: null` means the lead was erased. */
export interface ChangeEntry {
  id: string;
  createdAt: string;
  /** The record's revision after the change; an erasure outranks every revision. */
  rev: number;
  row: LeadRow | null;
  /** The lead's CSV line after the change (absent for an erasure). */
  csv?: string;
}

export interface ChangeKey {
  key: string;
  /** When the change was written (ms since the epoch, the writer's clock). */
  time: number;
}

const HOUR_MS = 3_600_000;

/** The hour folder of an instant: yyyy/mm/dd/hh (UTC). */
export function hourFolder(time: number): string {
  const iso = new Date(time).toISOString();
  return `${iso.slice(0, 4)}/${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(11, 13)}`;
}

function timeOfChange(key: string): number | null {
  const match = /^changes\/\d{4}\/\d{2}\/\d{2}\/\d{2}\/(\d{13})-/.exec(key);
  return match ? Number(match[1]) : null;
}

/** Writes one change under a key of its own; returns the key. */
export async function writeChange(entry: ChangeEntry, now = Date.now()): Promise<string> {
  const random = crypto.randomUUID().slice(0, 8);
  const key = `${CHANGES}${hourFolder(now)}/${String(now).padStart(13, "0")}-${entry.id}-${random}`;
  await store().setJSON(key, entry);
  return key;
}

/** Keys of the changes written from `from` to `to` (whole hours), oldest first. */
export async function listChangeKeys(from: number, to: number): Promise<ChangeKey[]> {
  const hours: string[] = [];
  for (let hour = Math.floor(from / HOUR_MS) * HOUR_MS; hour <= to; hour += HOUR_MS)
    hours.push(hourFolder(hour));
  const s = store();
  const pages = await Promise.all(
    hours.map(async (hour) => {
      const keys: ChangeKey[] = [];
      for await (const page of s.list({ prefix: `${CHANGES}${hour}/`, paginate: true })) {
        for (const blob of page.blobs) {
          const time = timeOfChange(blob.key);
          if (time !== null) keys.push({ key: blob.key, time });
        }
      }
      return keys;
    }),
  );
  return pages.flat().sort((a, b) => a.time - b.time || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** The time of the oldest hour folder that holds changes, or null when there are none. */
export async function oldestChangeHour(): Promise<number | null> {
  const s = store();
  let prefix = CHANGES;
  const parts: number[] = [];
  for (let level = 0; level < 4; level++) {
    const { directories } = await s.list({ prefix, directories: true });
    const names = directories
      .map((directory) => /(\d+)\/?$/.exec(directory)?.[1])
      .filter((name): name is string => name !== undefined)
      .sort();
    if (!names.length) return null;
    parts.push(Number(names[0]));
    prefix = `${prefix}${names[0]}/`;
  }
  const [year, month, day, hour] = parts as [number, number, number, number];
  return Date.UTC(year, month - 1, day, hour);
}

export async function readChange(key: string): Promise<ChangeEntry | null> {
  return (await store().get(key, { type: "json" })) as ChangeEntry | null;
}

export async function deleteEntries(keys: string[]): Promise<void> {
  const s = store();
  for (let start = 0; start < keys.length; start += 50) {
    await Promise.all(keys.slice(start, start + 50).map((key) => s.delete(key)));
  }
}

// ---------------------------------------------------------------------------------------------
// Snapshot: meta and segments

export async function readMetaEntry<T>(): Promise<T | null> {
  return (await store().get(META_KEY, { type: "json" })) as T | null;
}

/**
 * Replaces the meta through the one conditional update, once: `change` sees the meta stored now
 * and returns the next one (or none). False when another writer changed it at the same moment.
 */
export async function replaceMeta<T>(change: (current: T | null) => Update<T, boolean>): Promise<boolean> {
  try {
    return await conditionalUpdate(LEAD_INDEX_STORE, META_KEY, change, { attempts: 1 });
  } catch (error) {
    if (error instanceof UpdateConflictError) return false;
    throw error;
  }
}

export async function writeSegment(id: string, rows: LeadRow[], csv: string[]): Promise<void> {
  const s = store();
  await Promise.all([s.setJSON(`rows/${id}`, rows), s.setJSON(`csv/${id}`, csv)]);
}

export async function readSegmentRows(id: string): Promise<LeadRow[] | null> {
  return (await store().get(`rows/${id}`, { type: "json" })) as LeadRow[] | null;
}

export async function readSegmentCsv(id: string): Promise<string[] | null> {
  return (await store().get(`csv/${id}`, { type: "json" })) as string[] | null;
}

/** Ids of every stored segment (from its rows or its CSV entry). */
export async function listSegmentIds(): Promise<string[]> {
  const s = store();
  const ids = new Set<string>();
  for (const prefix of ["rows/", "csv/"]) {
    for await (const page of s.list({ prefix, paginate: true })) {
      for (const blob of page.blobs) ids.add(blob.key.slice(prefix.length));
    }
  }
  return [...ids];
}

export async function deleteSegments(ids: string[]): Promise<void> {
  await deleteEntries(ids.flatMap((id) => [`rows/${id}`, `csv/${id}`]));
}

// ---------------------------------------------------------------------------------------------
// Lease and health

interface Lease {
  owner: string;
  until: number;
}

/** Takes the compaction lease for `ms` unless another owner holds it; true when taken. */
export async function takeLease(owner: string, ms: number, now = Date.now()): Promise<boolean> {
  try {
    return await conditionalUpdate<Lease, boolean>(
      LEAD_INDEX_STORE,
      LEASE_KEY,
      (current) =>
        current && current.owner !== owner && current.until > now
          ? { result: false }
          : { next: { owner, until: now + ms }, result: true },
      { attempts: 3 },
    );
  } catch (error) {
    if (error instanceof UpdateConflictError) return false;
    throw error;
  }
}

export async function releaseLease(owner: string): Promise<void> {
  await conditionalUpdate<Lease, void>(
    LEAD_INDEX_STORE,
    LEASE_KEY,
    (current) =>
      current?.owner === owner ? { next: { owner, until: 0 }, result: undefined } : { result: undefined },
    { attempts: 3 },
  ).catch(() => undefined);
}

export async function readHealth<T>(): Promise<T | null> {
  return (await store().get(HEALTH_KEY, { type: "json" })) as T | null;
}

export async function updateHealth<T>(change: (current: T | null) => T): Promise<void> {
  await conditionalUpdate<T, void>(LEAD_INDEX_STORE, HEALTH_KEY, (current) => ({
    next: change(current),
    result: undefined,
  }));
}
