/**
 * The first snapshot of a store (taking over the month index the earlier design wrote) and the
 * rebuild of a snapshot that lost a segment (docs/lead-index.md, "First use").
 */
import { randomUUID } from "node:crypto";
import { HttpError } from "../http/http-error.ts";
import { listQuoteIds, readQuote } from "../quote/quote-store.ts";
import { readLegacyRows } from "./legacy-month-index.ts";
import {
  deleteSegments,
  oldestChangeHour,
  releaseLease,
  replaceMeta,
  takeLease,
} from "./lead-index-store.ts";
import { csvLine, newestFirst, rowOf } from "./lead-row.ts";
import {
  addToWeeks,
  cut,
  LATENESS_MS,
  LEASE_MS,
  mapLimit,
  META_VERSION,
  oldestChartWeek,
  READ_CONCURRENCY,
  readMeta,
  writePieces,
  type Entry,
  type IndexMeta,
  type WeekCounts,
} from "./lead-snapshot.ts";

/**
 * The first snapshot of a store: the rows of the month index for the leads it holds (their CSV
 * lines are made later, see `backfill`), and the records of the stored quotes it lacks. Rows of the
 * month index whose record is gone are left out; nothing is counted twice (one row per id).
 */
export async function buildIndex(now: number, replacing?: IndexMeta): Promise<IndexMeta> {
  // Changes written from here on stay unfolded: the watermark stays before this instant.
  const started = Date.now();
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
  const w = Math.min(oldestHour === null ? Infinity : oldestHour - 1, started - LATENESS_MS);
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
export async function repairIndex(broken: IndexMeta): Promise<void> {
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
