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
import { HttpError } from "../http/http-error.ts";
import type { QuoteRecord } from "../quote/quote-store.ts";
import { buildIndex, repairIndex } from "./lead-index-build.ts";
import {
  listChangeKeys,
  readChange,
  readSegmentCsv,
  readSegmentRows,
  releaseLease,
  takeLease,
  writeChange,
  type ChangeEntry,
  type ChangeKey,
} from "./lead-index-store.ts";
import { csvLine, newestFirst, orderKey, rowOf, type LeadRow } from "./lead-row.ts";
import {
  addToWeeks,
  ERASED_REV,
  LEASE_MS,
  mapLimit,
  oldestChartWeek,
  pairOf,
  placement,
  READ_CONCURRENCY,
  readMeta,
  SnapshotMovedError,
  type IndexMeta,
  type SegmentInfo,
  type WeekCounts,
} from "./lead-snapshot.ts";

/** Clocks of other instances may run this far ahead: readers look into the next hour too. */
const SKEW_MS = 5 * 60_000;
/** How long a reader waits for a first build that someone else is running. */
const BUILD_WAIT_MS = 25_000;
/** A reader asks for a compaction when it had to read this many changes. */
const COMPACT_AFTER_CHANGES = 100;
const COMPACT_AFTER_MS = 5 * 60_000;

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

/** The unfolded changes after `meta`'s watermark: the newest per lead, and how many were read. */
export async function unfoldedChanges(
  meta: IndexMeta,
): Promise<{ keys: ChangeKey[]; entries: (ChangeEntry | null)[] }> {
  const folded = new Set(meta.folded);
  const keys = (await listChangeKeys(meta.w + 1, Date.now() + SKEW_MS)).filter(
    (key) => key.time > meta.w && !folded.has(key.key),
  );
  const entries = await mapLimit(keys, READ_CONCURRENCY, (key) => readChange(key.key));
  return { keys, entries };
}

export function newestPerLead(entries: readonly (ChangeEntry | null)[]): Map<string, ChangeEntry> {
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
// First use: build the snapshot, or wait for the instance that builds it

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
