/**
 * The lead index's compaction (docs/lead-index.md, "Compaction"): folds the changes into a new
 * snapshot, deletes what no reader needs any more and makes missing CSV lines. Off the request path:
 * every minute by schedule, and in the background after a reader that met many changes.
 */
import { randomUUID } from "node:crypto";
import { readQuote, type QuoteRecord } from "../quote/quote-store.ts";
import { buildIndex } from "./lead-index-build.ts";
import { IndexView, newestPerLead, unfoldedChanges } from "./lead-index.ts";
import {
  deleteEntries,
  deleteSegments,
  listChangeKeys,
  listSegmentIds,
  readSegmentCsv,
  readSegmentRows,
  releaseLease,
  replaceMeta,
  takeLease,
  type ChangeEntry,
  type ChangeKey,
} from "./lead-index-store.ts";
import { csvLine, newestFirst, orderKey, rowOf } from "./lead-row.ts";
import {
  addToWeeks,
  cut,
  LATENESS_MS,
  LEASE_MS,
  mapLimit,
  oldestChartWeek,
  placement,
  READ_CONCURRENCY,
  readMeta,
  SEGMENT_MAX,
  SEGMENT_MIN,
  segmentTime,
  SnapshotMovedError,
  timeOfKey,
  writePieces,
  type Entry,
  type IndexMeta,
  type SegmentInfo,
} from "./lead-snapshot.ts";

/** Folded changes and replaced segments stay this long, for readers of an older snapshot. */
const CLEANUP_GRACE_MS = 90_000;
const HISTORY_MS = 15 * 60_000;
/** A new lead whose record is still missing after this long was never stored (see take-quote). */
const GHOST_GRACE_MS = 2 * 60_000;
const COMPACT_BATCH = 2000;
const BACKFILL_BATCH = 500;
/** With no changes, the watermark still moves on this often, so readers list few hours. */
const IDLE_ADVANCE_MS = 30 * 60_000;

/** A snapshot being written: the base it replaces and the segments written so far. */
class Draft {
  readonly meta: IndexMeta;
  readonly written: string[] = [];
  readonly pieces = new Map<string, Entry[]>();
  /** The business clock (the chart's weeks); the journal runs on the real clock. */
  readonly now: number;

  constructor(base: IndexMeta, now: number) {
    this.meta = structuredClone(base);
    this.now = now;
    const oldest = oldestChartWeek(now);
    for (const week of Object.keys(this.meta.weeks)) if (week < oldest) delete this.meta.weeks[week];
  }

  async entriesOf(segment: SegmentInfo): Promise<Entry[]> {
    const own = this.pieces.get(segment.id);
    if (own) return own;
    const [rows, csv] = await Promise.all([readSegmentRows(segment.id), readSegmentCsv(segment.id)]);
    if (!rows || !csv) throw new SnapshotMovedError();
    return rows.map((row, position) => ({ row, csv: csv[position] ?? "" }));
  }

  /** Replaces the segments `from`..`to` (inclusive) of the draft by `entries`, newest first. */
  async replace(from: number, to: number, before: readonly Entry[], entries: Entry[]): Promise<void> {
    const oldest = oldestChartWeek(this.now);
    for (const { row } of before) addToWeeks(this.meta.weeks, row, -1, oldest);
    for (const { row } of entries) addToWeeks(this.meta.weeks, row, 1, oldest);
    const pieces = entries.length > SEGMENT_MAX ? cut(entries) : entries.length ? [entries] : [];
    const infos = await writePieces(pieces, this.meta.pairs);
    infos.forEach((info, position) => {
      this.written.push(info.id);
      this.pieces.set(info.id, pieces[position]!);
    });
    this.meta.segments.splice(from, to - from + 1, ...infos);
  }
}

/**
 * How long the compaction waits for late changes, before deleting what older snapshots may still
 * need, and before leaving out a new lead whose record never came. The defaults are for real use;
 * tests shorten them instead of waiting.
 */
export interface CompactionTiming {
  latenessMs: number;
  graceMs: number;
  ghostGraceMs: number;
}

const TIMING: CompactionTiming = {
  latenessMs: LATENESS_MS,
  graceMs: CLEANUP_GRACE_MS,
  ghostGraceMs: GHOST_GRACE_MS,
};

export interface CompactionReport {
  /** Changes folded into the snapshot (an ignored stale change counts too). */
  folded: number;
  /** New leads whose record never appeared, left out. */
  ghosts: number;
  /** Folded changes deleted. */
  deleted: number;
  /** CSV lines made from records for leads taken over from the month index. */
  backfilled: number;
  /** Why nothing was done, when nothing was. */
  skipped?: "busy" | "moved";
}

/**
 * Folds the changes written so far into a new snapshot, deletes what no reader needs any more and,
 * with the time left, makes missing CSV lines. Runs one at a time (a lease); another call returns
 * `skipped: "busy"`. Never throws for a conflict: the next run does the work.
 */
export async function compactIndex(
  options: { now?: number; budgetMs?: number; timing?: Partial<CompactionTiming> } = {},
): Promise<CompactionReport> {
  const now = options.now ?? Date.now();
  const timing = { ...TIMING, ...options.timing };
  const deadline = Date.now() + (options.budgetMs ?? 20_000);
  const report: CompactionReport = { folded: 0, ghosts: 0, deleted: 0, backfilled: 0 };
  // A quiet store: the run reads a little and writes nothing, not even the lease.
  if (await isIdle(timing)) return report;
  const owner = randomUUID();
  if (!(await takeLease(owner, LEASE_MS))) return { ...report, skipped: "busy" };
  let broken: IndexMeta | undefined;
  try {
    const meta = (await readMeta()) ?? (await buildIndex(now));
    broken = meta;
    report.deleted = await sweep(meta, Date.now(), timing);
    const folded = await fold(meta, now, deadline, report, timing);
    if (folded === null) return { ...report, skipped: "moved" };
    if (Date.now() < deadline) report.backfilled = await backfill(folded, now, deadline);
    return report;
  } catch (error) {
    if (!(error instanceof SnapshotMovedError)) throw error;
    const meta = await readMeta();
    // The snapshot read at the start is still the current one, yet a segment of it is gone.
    if (meta && meta.seq === broken?.seq) {
      console.error("lead index: the snapshot refers to a missing segment; rebuilding it from the records");
      await buildIndex(now, meta);
    }
    return { ...report, skipped: "moved" };
  } finally {
    await releaseLease(owner);
  }
}

/** The snapshot has been left alone for a while and there is nothing to fold, sweep or make. */
const SETTLED_MS = 10 * 60_000;

async function isIdle(timing: CompactionTiming): Promise<boolean> {
  const meta = await readMeta();
  const clock = Date.now();
  if (
    !meta ||
    meta.folded.length > 0 ||
    clock - Date.parse(meta.compactedAt) < SETTLED_MS ||
    clock - timing.latenessMs - meta.w >= IDLE_ADVANCE_MS ||
    sweptUpTo(meta, clock, timing) > meta.swept ||
    meta.segments.some((segment) => segment.csvMissing > 0)
  ) {
    return false;
  }
  return (await unfoldedChanges(meta)).keys.length === 0;
}

/**
 * Deletes folded changes that no reader can still need (see the module comment), and segments no
 * snapshot refers to that were written before CLEANUP_GRACE_MS. Returns how many changes went.
 */
async function sweep(meta: IndexMeta, now: number, timing: CompactionTiming): Promise<number> {
  const safe = sweptUpTo(meta, now, timing);
  let deleted = 0;
  if (safe > meta.swept) {
    const keys = (await listChangeKeys(meta.swept, safe)).filter((key) => key.time <= safe);
    await deleteEntries(keys.map((key) => key.key));
    deleted = keys.length;
  }
  const referenced = new Set(meta.segments.map((segment) => segment.id));
  const stale = (await listSegmentIds()).filter(
    (id) => !referenced.has(id) && segmentTime(id) <= now - timing.graceMs,
  );
  await deleteSegments(stale);
  return deleted;
}

/** Sweeps are recorded in the next snapshot: the highest watermark that was safe to sweep. */
function sweptUpTo(meta: IndexMeta, now: number, timing: CompactionTiming): number {
  return meta.history
    .filter((entry) => entry.at <= now - timing.graceMs)
    .reduce((highest, entry) => Math.max(highest, entry.w), meta.swept);
}

async function fold(
  base: IndexMeta,
  now: number,
  deadline: number,
  report: CompactionReport,
  timing: CompactionTiming,
): Promise<IndexMeta | null> {
  // The watermark may only pass changes this run listed: a change written while the run works is
  // later than `listedAt`, and a slow run must not count it as folded.
  const listedAt = Date.now();
  const { keys, entries } = await unfoldedChanges(base);
  // Nothing new: the snapshot stays, unless its watermark should move on (past changes it holds
  // by key, so they can be deleted, or far behind the clock, so readers list few hours) or the
  // sweep it records is behind.
  if (
    !keys.length &&
    !base.folded.length &&
    sweptUpTo(base, Date.now(), timing) <= base.swept &&
    Date.now() - timing.latenessMs - base.w < IDLE_ADVANCE_MS
  ) {
    return base;
  }
  const batch = keys.slice(0, COMPACT_BATCH);
  const batchEntries = entries.slice(0, COMPACT_BATCH);
  const winners = newestPerLead(batchEntries);
  const view = new IndexView(base, winners, batch.length);
  const keysOf = new Map<string, ChangeKey[]>();
  batch.forEach((key, position) => {
    const id = batchEntries[position]?.id;
    if (id) keysOf.set(id, [...(keysOf.get(id) ?? []), key]);
  });

  // A new lead whose record is missing: give it time (a quote writes its index entry first, then
  // its record), then leave it out.
  const deferredIds = new Set<string>();
  const clock = Date.now();
  await mapLimit([...winners.values()], READ_CONCURRENCY, async (change) => {
    if (!change.row || (await view.baseRow(change))) return;
    if (await readQuote(change.id)) return;
    const written = Math.min(...(keysOf.get(change.id) ?? []).map((key) => key.time));
    winners.delete(change.id);
    if (clock - written >= timing.ghostGraceMs) report.ghosts++;
    else deferredIds.add(change.id);
  });
  const deferred = [...deferredIds].flatMap((id) => keysOf.get(id) ?? []);
  const deferredKeys = new Set(deferred.map((key) => key.key));

  const draft = new Draft(base, now);
  const groups = new Map<number, ChangeEntry[]>();
  for (const change of winners.values()) {
    const index = placement(base.segments, orderKey(change));
    groups.set(index, [...(groups.get(index) ?? []), change]);
  }
  // From the oldest segment to the newest, so the positions of those still to do stay valid.
  for (const index of [...groups.keys()].sort((a, b) => b - a)) {
    if (Date.now() > deadline) {
      await deleteSegments(draft.written);
      return null;
    }
    const segment = base.segments[index];
    const before = segment ? await draft.entriesOf(segment) : [];
    const byId = new Map(before.map((entry) => [entry.row.id, entry]));
    for (const change of groups.get(index)!) {
      const current = byId.get(change.id);
      if (!change.row) byId.delete(change.id);
      else if (!current || change.rev >= current.row.rev)
        byId.set(change.id, { row: change.row, csv: change.csv ?? "" });
    }
    const after = [...byId.values()].sort((a, b) => newestFirst(a.row, b.row));
    await draft.replace(index, segment ? index : index - 1, before, after);
  }
  await mergeSmall(draft);

  const last = batch.length < keys.length ? keys[batch.length]!.time - 1 : Infinity;
  const lowestDeferred = deferred.length ? Math.min(...deferred.map((key) => key.time)) - 1 : Infinity;
  const w = Math.max(base.w, Math.min(listedAt - timing.latenessMs, last, lowestDeferred));
  const foldedNow = batch.filter((key) => !deferredKeys.has(key.key)).map((key) => key.key);
  const meta = draft.meta;
  meta.seq = base.seq + 1;
  meta.w = w;
  meta.folded = [...new Set([...base.folded, ...foldedNow])].filter((key) => timeOfKey(key) > w);
  meta.swept = sweptUpTo(base, clock, timing);
  // A watermark that passed folded changes is remembered until they may be deleted.
  const passed = foldedNow.length > 0 || base.folded.length > 0;
  meta.history = [
    ...base.history.filter((entry) => clock - entry.at < HISTORY_MS),
    ...(passed ? [{ w, at: clock }] : []),
  ];
  if (foldedNow.length) meta.compactedAt = new Date(clock).toISOString();
  const replaced = await replaceMeta<IndexMeta>((current) =>
    current?.seq === base.seq ? { next: meta, result: true } : { result: false },
  );
  if (!replaced) {
    await deleteSegments(draft.written);
    return null;
  }
  report.folded += foldedNow.length;
  return meta;
}

/** Merges a small segment of this draft into its older neighbour when both fit in one. */
async function mergeSmall(draft: Draft): Promise<void> {
  const segments = draft.meta.segments;
  for (let index = 0; index < segments.length - 1; index++) {
    const [young, old] = [segments[index]!, segments[index + 1]!];
    const touched = draft.pieces.has(young.id) || draft.pieces.has(old.id);
    if (!touched || Math.min(young.n, old.n) >= SEGMENT_MIN || young.n + old.n > SEGMENT_MAX) continue;
    const [first, second] = await Promise.all([draft.entriesOf(young), draft.entriesOf(old)]);
    const merged = [...first, ...second];
    // The chart's counts stay: the same rows are taken out and put back.
    await draft.replace(index, index + 1, merged, merged);
    index--;
  }
}

/**
 * Makes missing CSV lines from the records, a segment at a time (newest first) until the budget is
 * spent; this also refreshes those rows from their records, and a row whose record is gone leaves.
 * Returns the lines made.
 */
async function backfill(base: IndexMeta, now: number, deadline: number): Promise<number> {
  let meta = base;
  let made = 0;
  while (Date.now() < deadline) {
    const index = meta.segments.findIndex((segment) => segment.csvMissing > 0);
    if (index === -1) break;
    const draft = new Draft(meta, now);
    const before = await draft.entriesOf(meta.segments[index]!);
    const missing = before.filter((entry) => !entry.csv).slice(0, BACKFILL_BATCH);
    const records = await mapLimit(missing, READ_CONCURRENCY, (entry) =>
      Date.now() < deadline ? readQuote(entry.row.id) : Promise.resolve(undefined),
    );
    const fresh = new Map<string, QuoteRecord | null>();
    missing.forEach((entry, position) => {
      const record = records[position];
      if (record !== undefined) fresh.set(entry.row.id, record);
    });
    if (!fresh.size) break;
    const after: Entry[] = [];
    for (const entry of before) {
      if (!fresh.has(entry.row.id)) after.push(entry);
      else {
        const record = fresh.get(entry.row.id);
        if (record) after.push({ row: rowOf(record), csv: csvLine(record) });
      }
    }
    await draft.replace(index, index, before, after);
    draft.meta.seq = meta.seq + 1;
    const expected = meta.seq;
    const replaced = await replaceMeta<IndexMeta>((current) =>
      current?.seq === expected ? { next: draft.meta, result: true } : { result: false },
    );
    if (!replaced) {
      await deleteSegments(draft.written);
      break;
    }
    meta = draft.meta;
    made += fresh.size;
  }
  return made;
}
