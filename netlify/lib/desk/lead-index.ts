/**
 * The lead index (docs/lead-index.md): how the desk finds, counts and exports leads without reading
 * every quote record and without one entry that every writer rewrites.
 *
 * Writers only ever create entries: each change of a lead (a new quote, a status or a note, an
 * erasure) is written once under a key of its own (`changes/…`). A compaction, run off the request
 * path (every minute by schedule, and in the background when a reader finds many changes), folds
 * those changes into a snapshot: segments of at most SEGMENT_MAX rows in newest-first order, each
 * with its CSV lines, described by one `meta` entry that also holds the counts per status and
 * service and the weekly counts of the chart. A reader takes the snapshot and lays the changes not
 * yet folded over it, so a lead is found from the moment its change is written.
 *
 * Which changes the snapshot holds: every change written before the watermark `w`, and the keys in
 * `folded` written after it. Changes of one lead are ordered by the record's revision, an erasure
 * outranks all. Folded changes are deleted only when the snapshots that could still be read without
 * them are older than CLEANUP_GRACE_MS, so a reader never misses one that the snapshot it read lacks.
 */
import { randomUUID } from "node:crypto";
import { LEAD_CHART_WEEKS, weekStart } from "../../../src/lib/lead-model.ts";
import { HttpError } from "../http/http-error.ts";
import { listQuoteIds, readQuote, type QuoteRecord } from "../quote/quote-store.ts";
import { readLegacyRows } from "./legacy-month-index.ts";
import {
  deleteEntries,
  deleteSegments,
  listChangeKeys,
  listSegmentIds,
  oldestChangeHour,
  readChange,
  readMetaEntry,
  readSegmentCsv,
  readSegmentRows,
  releaseLease,
  replaceMeta,
  takeLease,
  updateHealth,
  writeChange,
  writeSegment,
  type ChangeEntry,
  type ChangeKey,
} from "./lead-index-store.ts";
import { csvLine, newestFirst, orderKey, rowOf, type LeadRow } from "./lead-row.ts";

/** Rows per segment: a new segment is cut at SEGMENT_TARGET, one grows to SEGMENT_MAX at most. */
export const SEGMENT_TARGET = 400;
export const SEGMENT_MAX = 500;
/** A segment smaller than this is merged into its older neighbour when both fit in one. */
const SEGMENT_MIN = 100;
/** A change may reach the store this long after the time in its key (a slow request). */
const LATENESS_MS = 60_000;
/** Clocks of other instances may run this far ahead: readers look into the next hour too. */
const SKEW_MS = 5 * 60_000;
/** Folded changes and replaced segments stay this long, for readers of an older snapshot. */
const CLEANUP_GRACE_MS = 3 * 60_000;
const HISTORY_MS = 15 * 60_000;
/** A new lead whose record is still missing after this long was never stored (see take-quote). */
const GHOST_GRACE_MS = 2 * 60_000;
const COMPACT_BATCH = 2000;
const BACKFILL_BATCH = 500;
const READ_CONCURRENCY = 32;
const LEASE_MS = 60_000;
/** How long a reader waits for a first build that someone else is running. */
const BUILD_WAIT_MS = 25_000;
/** A reader asks for a compaction when it had to read this many changes. */
const COMPACT_AFTER_CHANGES = 100;
const COMPACT_AFTER_MS = 5 * 60_000;
/** With no changes, the watermark still moves on this often, so readers list few hours. */
const IDLE_ADVANCE_MS = 30 * 60_000;
/** Weeks of counts the snapshot keeps for the chart. */
const CHART_WINDOW_WEEKS = LEAD_CHART_WEEKS + 2;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const META_VERSION = 2;

/** The revision of an erasure: it outranks every change of the lead. */
export const ERASED_REV = Number.MAX_SAFE_INTEGER;

export interface WeekCounts {
  service: Record<string, number>;
  source: Record<string, number>;
}

export interface SegmentInfo {
  id: string;
  /** Rows in the segment. */
  n: number;
  /** orderKey of its oldest and newest row. */
  lo: string;
  hi: string;
  /** Rows per `IndexMeta.pairs` entry (status and service), same order. */
  c: number[];
  /** Rows whose CSV line is still to be made from the record (leads taken over from the month index). */
  csvMissing: number;
}

export interface IndexMeta {
  version: number;
  /** Counts the snapshots written; a compaction replaces only the one it started from. */
  seq: number;
  /** Watermark: every change written at or before it is in the snapshot. */
  w: number;
  /** Keys of changes written after `w` that the snapshot holds. */
  folded: string[];
  /** Recent watermarks and when they were written, for the safe deletion of folded changes. */
  history: { w: number; at: number }[];
  /** Folded changes written at or before this time are deleted. */
  swept: number;
  /** "status|service" pairs, the keys of `SegmentInfo.c`. */
  pairs: string[];
  /** Newest first, disjoint. */
  segments: SegmentInfo[];
  /** Leads per week (Monday, yyyy-mm-dd) for the chart's weeks and a little more. */
  weeks: Record<string, WeekCounts>;
  builtAt: string;
  compactedAt: string;
}

// ---------------------------------------------------------------------------------------------
// Small helpers

/** `fn` over `items` with at most `limit` calls at a time; results in order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

const pairOf = (row: LeadRow) => `${row.status}|${row.service}`;
const timeOfKey = (key: string) => Number(/\/(\d{13})-/.exec(key)?.[1] ?? 0);
const newSegmentId = (now: number) => `${String(now).padStart(13, "0")}-${randomUUID().slice(0, 8)}`;
const segmentTime = (id: string) => Number(id.slice(0, 13));

function addToWeeks(weeks: Record<string, WeekCounts>, row: LeadRow, sign: 1 | -1, oldestWeek: string): void {
  const time = Date.parse(row.createdAt);
  if (Number.isNaN(time)) return;
  const week = weekStart(time);
  if (week < oldestWeek) return;
  const counts = (weeks[week] ??= { service: {}, source: {} });
  counts.service[row.service] = (counts.service[row.service] ?? 0) + sign;
  counts.source[row.source] = (counts.source[row.source] ?? 0) + sign;
}

const oldestChartWeek = (now: number) => weekStart(now - (CHART_WINDOW_WEEKS - 1) * WEEK_MS);

/** The segment a row of `key` belongs to: the newest whose oldest row is not newer than it. */
function placement(segments: readonly SegmentInfo[], key: string): number {
  for (let index = 0; index < segments.length; index++) if (key >= segments[index]!.lo) return index;
  return Math.max(0, segments.length - 1);
}

/** A segment was replaced and deleted while this reader held an older snapshot: read again. */
class SnapshotMovedError extends Error {}

// ---------------------------------------------------------------------------------------------
// Writers

async function writeWithRetry(entry: ChangeEntry): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await writeChange(entry);
      return;
    } catch (error) {
      if (attempt >= 2) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * 3 ** attempt));
    }
  }
}

/** Records the lead as the record now stands (a new quote, a status change, a note). */
export async function indexQuote(record: QuoteRecord): Promise<void> {
  await writeWithRetry({
    id: record.id,
    createdAt: record.createdAt,
    rev: record.revision ?? 0,
    row: rowOf(record),
    csv: csvLine(record),
  });
}

/** Records that the lead is erased: it leaves the list, the counts and the CSV at once. */
export async function indexErasure(quote: { id: string; createdAt: string }): Promise<void> {
  await writeWithRetry({ id: quote.id, createdAt: quote.createdAt, rev: ERASED_REV, row: null });
}

// ---------------------------------------------------------------------------------------------
// Reading: the snapshot with the changes not yet folded laid over it

/** The newer of two changes of one lead (the later one wins a tie). */
const newer = (a: ChangeEntry | undefined, b: ChangeEntry) => (!a || b.rev >= a.rev ? b : a);

export class IndexView {
  readonly meta: IndexMeta;
  /** The newest unfolded change of each lead that has one. */
  readonly changes: Map<string, ChangeEntry>;
  /** How many unfolded changes were read. */
  readonly unfolded: number;
  private readonly rowCache = new Map<string, Promise<LeadRow[]>>();
  private readonly csvCache = new Map<string, Promise<string[]>>();
  private readonly placed: ChangeEntry[][];

  constructor(meta: IndexMeta, changes: Map<string, ChangeEntry>, unfolded: number) {
    this.meta = meta;
    this.changes = changes;
    this.unfolded = unfolded;
    this.placed = Array.from({ length: Math.max(1, meta.segments.length) }, () => []);
    for (const change of changes.values())
      this.placed[placement(meta.segments, orderKey(change))]!.push(change);
  }

  /** Segments newest first; an empty snapshot counts as one empty segment. */
  get segmentCount(): number {
    return this.placed.length;
  }

  segment(index: number): SegmentInfo | undefined {
    return this.meta.segments[index];
  }

  /** The unfolded changes that fall into segment `index`. */
  changesIn(index: number): readonly ChangeEntry[] {
    return this.placed[index] ?? [];
  }

  /** True when a reader should ask for a compaction in the background. */
  needsCompaction(now = Date.now()): boolean {
    return (
      this.unfolded >= COMPACT_AFTER_CHANGES ||
      (this.unfolded > 0 && now - Date.parse(this.meta.compactedAt) > COMPACT_AFTER_MS)
    );
  }

  /** The snapshot's rows of segment `index`, newest first. */
  baseRows(index: number): Promise<LeadRow[]> {
    const segment = this.meta.segments[index];
    if (!segment) return Promise.resolve([]);
    let rows = this.rowCache.get(segment.id);
    if (!rows) {
      rows = readSegmentRows(segment.id).then((found) => {
        if (!found) throw new SnapshotMovedError();
        return found;
      });
      this.rowCache.set(segment.id, rows);
    }
    return rows;
  }

  /** The snapshot's CSV lines of segment `index`, aligned with its rows ("" when still missing). */
  baseCsv(index: number): Promise<string[]> {
    const segment = this.meta.segments[index];
    if (!segment) return Promise.resolve([]);
    let csv = this.csvCache.get(segment.id);
    if (!csv) {
      csv = readSegmentCsv(segment.id).then((found) => {
        if (!found) throw new SnapshotMovedError();
        return found;
      });
      this.csvCache.set(segment.id, csv);
    }
    return csv;
  }

  /** The lead's row in the snapshot, or null when the snapshot does not hold it. */
  async baseRow(lead: { id: string; createdAt: string }): Promise<LeadRow | null> {
    const rows = await this.baseRows(placement(this.meta.segments, orderKey(lead)));
    return rows.find((row) => row.id === lead.id) ?? null;
  }

  /** Segment `index` as it stands now: its rows with the changes laid over them, newest first. */
  async rows(index: number): Promise<LeadRow[]> {
    const changes = this.changesIn(index);
    const base = await this.baseRows(index);
    if (!changes.length) return base;
    const changed = new Set(changes.map((change) => change.id));
    const rows = base.filter((row) => !changed.has(row.id));
    for (const change of changes) {
      if (!change.row) continue;
      const current = base.find((row) => row.id === change.id);
      rows.push(current && current.rev > change.rev ? current : change.row);
    }
    return rows.sort(newestFirst);
  }

  /** The CSV line of every lead in segment `index` as it stands now ("" when it must be made). */
  async csvLines(index: number): Promise<Map<string, string>> {
    const [base, csv] = await Promise.all([this.baseRows(index), this.baseCsv(index)]);
    const lines = new Map(base.map((row, position) => [row.id, csv[position] ?? ""]));
    for (const change of this.changesIn(index)) {
      const current = base.find((row) => row.id === change.id);
      if (change.row && !(current && current.rev > change.rev)) lines.set(change.id, change.csv ?? "");
    }
    return lines;
  }

  /** Counts per status and service, the changes included. */
  async pairCounts(): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    this.meta.pairs.forEach((pair, position) => {
      const total = this.meta.segments.reduce((sum, segment) => sum + (segment.c[position] ?? 0), 0);
      if (total) counts.set(pair, total);
    });
    await this.eachChangeDelta((row, sign) => counts.set(pairOf(row), (counts.get(pairOf(row)) ?? 0) + sign));
    return counts;
  }

  /** The chart's weekly counts, the changes included. */
  async weekCounts(now = Date.now()): Promise<Record<string, WeekCounts>> {
    const weeks = structuredClone(this.meta.weeks);
    const oldest = oldestChartWeek(now);
    await this.eachChangeDelta((row, sign) => addToWeeks(weeks, row, sign, oldest));
    return weeks;
  }

  /** For every unfolded change: −1 for the snapshot's row it replaces, +1 for its own row. */
  private async eachChangeDelta(apply: (row: LeadRow, sign: 1 | -1) => void): Promise<void> {
    const changes = [...this.changes.values()];
    const bases = await mapLimit(changes, READ_CONCURRENCY, (change) => this.baseRow(change));
    changes.forEach((change, position) => {
      const base = bases[position];
      if (base && change.row && base.rev > change.rev) return;
      if (base) apply(base, -1);
      if (change.row) apply(change.row, 1);
    });
  }
}

async function readMeta(): Promise<IndexMeta | null> {
  const meta = await readMetaEntry<IndexMeta>();
  return meta && meta.version === META_VERSION ? meta : null;
}

/** The unfolded changes after `meta`'s watermark: the newest per lead, and how many were read. */
async function unfoldedChanges(
  meta: IndexMeta,
): Promise<{ keys: ChangeKey[]; entries: (ChangeEntry | null)[] }> {
  const folded = new Set(meta.folded);
  const keys = (await listChangeKeys(meta.w + 1, Date.now() + SKEW_MS)).filter(
    (key) => key.time > meta.w && !folded.has(key.key),
  );
  const entries = await mapLimit(keys, READ_CONCURRENCY, (key) => readChange(key.key));
  return { keys, entries };
}

function newestPerLead(entries: readonly (ChangeEntry | null)[]): Map<string, ChangeEntry> {
  const changes = new Map<string, ChangeEntry>();
  for (const entry of entries) if (entry) changes.set(entry.id, newer(changes.get(entry.id), entry));
  return changes;
}

/** The index as it stands now; builds it first when this store has none yet. */
export async function openView(now = Date.now()): Promise<IndexView> {
  const meta = (await readMeta()) ?? (await firstBuild(now));
  const { keys, entries } = await unfoldedChanges(meta);
  return new IndexView(meta, newestPerLead(entries), keys.length);
}

/** Runs `read` on the current view, again on a fresh one if the snapshot moved under it. */
export async function withView<T>(read: (view: IndexView) => Promise<T>, now = Date.now()): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const view = await openView(now);
    try {
      return await read(view);
    } catch (error) {
      if (!(error instanceof SnapshotMovedError) || attempt >= 4) throw error;
      // Moved twice under the same snapshot: it is broken, not replaced.
      if (attempt >= 2) await repairIndex(view.meta);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Building the first snapshot (migration from the month index and the records)

/** Builds the first snapshot, or waits for the one another instance is building. */
async function firstBuild(now: number): Promise<IndexMeta> {
  const owner = randomUUID();
  if (await takeLease(owner, LEASE_MS)) {
    try {
      return (await readMeta()) ?? (await buildIndex(now));
    } finally {
      await releaseLease(owner);
    }
  }
  const deadline = Date.now() + BUILD_WAIT_MS;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const meta = await readMeta();
    if (meta) return meta;
  }
  throw new HttpError(503, "The lead list is being prepared. Please try again in a minute.", undefined, {
    "Retry-After": "30",
  });
}

interface Entry {
  row: LeadRow;
  csv: string;
}

/** Cuts rows (newest first) into segments of SEGMENT_TARGET, counted from the oldest end. */
function cut(entries: readonly Entry[]): Entry[][] {
  const pieces: Entry[][] = [];
  for (let end = entries.length; end > 0; end -= SEGMENT_TARGET) {
    pieces.unshift(entries.slice(Math.max(0, end - SEGMENT_TARGET), end));
  }
  return pieces;
}

function segmentInfo(id: string, entries: readonly Entry[], pairs: string[]): SegmentInfo {
  const c: number[] = [];
  for (const { row } of entries) {
    let position = pairs.indexOf(pairOf(row));
    if (position === -1) position = pairs.push(pairOf(row)) - 1;
    c[position] = (c[position] ?? 0) + 1;
  }
  for (let position = 0; position < c.length; position++) c[position] ??= 0;
  return {
    id,
    n: entries.length,
    lo: orderKey(entries[entries.length - 1]!.row),
    hi: orderKey(entries[0]!.row),
    c,
    csvMissing: entries.filter((entry) => !entry.csv).length,
  };
}

async function writePieces(pieces: Entry[][], pairs: string[]): Promise<SegmentInfo[]> {
  return mapLimit(pieces, 8, async (piece) => {
    const id = newSegmentId(Date.now());
    await writeSegment(
      id,
      piece.map((entry) => entry.row),
      piece.map((entry) => entry.csv),
    );
    return segmentInfo(id, piece, pairs);
  });
}

/**
 * The first snapshot of a store: the rows of the month index for the leads it holds (their CSV
 * lines are made later, see `backfill`), and the records of the stored quotes it lacks. Rows of the
 * month index whose record is gone are left out; nothing is counted twice (one row per id).
 */
async function buildIndex(now: number, replacing?: IndexMeta): Promise<IndexMeta> {
  // A repair starts from the records alone: the month index is older than the snapshot it replaces.
  const [legacy, ids, oldestHour] = await Promise.all([
    replacing ? [] : readLegacyRows(),
    listQuoteIds(),
    oldestChangeHour(),
  ]);
  const stored = new Set(ids);
  const entries = new Map<string, Entry>();
  for (const row of legacy) if (stored.has(row.id)) entries.set(row.id, { row: { ...row, rev: 0 }, csv: "" });
  const fromMonthIndex = entries.size;
  const missing = ids.filter((id) => !entries.has(id));
  const records = await mapLimit(missing, READ_CONCURRENCY, (id) => readQuote(id));
  for (const record of records)
    if (record) entries.set(record.id, { row: rowOf(record), csv: csvLine(record) });
  const sorted = [...entries.values()].sort((a, b) => newestFirst(a.row, b.row));
  const pairs: string[] = [];
  const segments = await writePieces(cut(sorted), pairs);
  const weeks: Record<string, WeekCounts> = {};
  const oldest = oldestChartWeek(now);
  for (const { row } of sorted) addToWeeks(weeks, row, 1, oldest);
  // Changes written before this build (by quotes that came in meanwhile) stay unfolded.
  const clock = Date.now();
  const w = Math.min(oldestHour === null ? Infinity : oldestHour - 1, clock - LATENESS_MS);
  const meta: IndexMeta = {
    version: META_VERSION,
    seq: (replacing?.seq ?? 0) + 1,
    w,
    folded: [],
    history: [],
    swept: w,
    pairs,
    segments,
    weeks,
    builtAt: new Date(clock).toISOString(),
    compactedAt: new Date(clock).toISOString(),
  };
  const written = await replaceMeta<IndexMeta>((current) =>
    (replacing ? current?.seq === replacing.seq : !(current && current.version === META_VERSION))
      ? { next: meta, result: true }
      : { result: false },
  );
  if (!written) {
    await deleteSegments(segments.map((segment) => segment.id));
    const other = await readMeta();
    if (other) return other;
    throw new HttpError(503, "The lead list is being prepared. Please try again in a minute.");
  }
  if (replacing || fromMonthIndex) {
    console.warn(
      `lead index ${replacing ? "rebuilt" : "built"}: ${fromMonthIndex} leads from the month index, ${entries.size - fromMonthIndex} from their records`,
    );
  }
  return meta;
}

/**
 * Rebuilds the snapshot from the records when `broken` refers to a segment that is gone for good
 * (a partial restore from a backup, say): the records are the truth and the unfolded changes stay.
 */
async function repairIndex(broken: IndexMeta): Promise<void> {
  const owner = randomUUID();
  if (!(await takeLease(owner, LEASE_MS))) return;
  try {
    const current = await readMeta();
    if (current?.seq !== broken.seq) return;
    console.error("lead index: the snapshot refers to a missing segment; rebuilding it from the records");
    await buildIndex(Date.now(), current);
  } finally {
    await releaseLease(owner);
  }
}

// ---------------------------------------------------------------------------------------------
// Compaction

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
  const w = Math.max(base.w, Math.min(clock - timing.latenessMs, last, lowestDeferred));
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

// ---------------------------------------------------------------------------------------------
// Reconcile: the records are the truth

export interface ReconcileReport {
  /** Stored quotes the index lacked, now added. */
  added: number;
  /** Index rows without a stored quote, now removed. */
  removed: number;
  /** False when the time budget ended the run first. */
  finished: boolean;
}

/** Rows older than this without a record are taken out (a younger one may be a quote in flight). */
const ORPHAN_ROW_AGE_MS = 10 * 60_000;

/**
 * Makes the index agree with the stored records: changes for quotes it lacks (restored from a
 * backup, say) and erasures for rows whose record is gone, then a compaction.
 */
export async function reconcileIndex(
  options: { now?: number; budgetMs?: number } = {},
): Promise<ReconcileReport> {
  const now = options.now ?? Date.now();
  const deadline = Date.now() + (options.budgetMs ?? 20_000);
  const report: ReconcileReport = { added: 0, removed: 0, finished: true };
  const [ids, indexed] = await Promise.all([
    listQuoteIds(),
    withView(async (view) => {
      const rows = await mapLimit(
        Array.from({ length: view.segmentCount }, (_, index) => index),
        8,
        (index) => view.rows(index),
      );
      const erased = [...view.changes.values()].filter((change) => !change.row).map((change) => change.id);
      return { rows: rows.flat(), erased: new Set(erased) };
    }, now),
  ]);
  const stored = new Set(ids);
  const known = new Set(indexed.rows.map((row) => row.id));
  const missing = ids.filter((id) => !known.has(id) && !indexed.erased.has(id));
  const cutoff = new Date(Date.now() - ORPHAN_ROW_AGE_MS).toISOString();
  const orphans = indexed.rows.filter((row) => !stored.has(row.id) && row.createdAt < cutoff);
  await mapLimit(missing, 8, async (id) => {
    if (Date.now() > deadline) {
      report.finished = false;
      return;
    }
    const record = await readQuote(id);
    if (!record) return;
    await indexQuote(record);
    report.added++;
  });
  await mapLimit(orphans, 8, async (row) => {
    if (Date.now() > deadline) {
      report.finished = false;
      return;
    }
    // Stored meanwhile (its index entry came first)? Then it stays.
    if (await readQuote(row.id)) return;
    await indexErasure(row);
    report.removed++;
  });
  if (report.added || report.removed) {
    const repair = { at: new Date().toISOString(), added: report.added, removed: report.removed };
    console.warn(`lead index repaired: ${report.added} stored leads added, ${report.removed} rows removed`);
    await updateHealth<{ repairs: (typeof repair)[] }>((current) => ({
      repairs: [...(current?.repairs ?? []), repair].slice(-10),
    }));
    await compactIndex({ now, budgetMs: Math.max(1000, deadline - Date.now()) });
  }
  return report;
}
