/**
 * The lead index's snapshot (docs/lead-index.md): its shape (segments of rows and CSV lines, one
 * `meta` with the counts), the constants it is built by, and the pieces the first build, the readers
 * and the compaction share.
 */
import { randomUUID } from "node:crypto";
import { LEAD_CHART_WEEKS, weekStart } from "../../../src/lib/lead-model.ts";
import { readMetaEntry, writeSegment } from "./lead-index-store.ts";
import { orderKey, type LeadRow } from "./lead-row.ts";

/** Rows per segment: a new segment is cut at SEGMENT_TARGET, one grows to SEGMENT_MAX at most. */
export const SEGMENT_TARGET = 400;
export const SEGMENT_MAX = 500;
/** A segment smaller than this is merged into its older neighbour when both fit in one. */
export const SEGMENT_MIN = 100;
/** A change may reach the store this long after the time in its key (a slow request). */
export const LATENESS_MS = 60_000;
export const READ_CONCURRENCY = 32;
export const LEASE_MS = 60_000;
/** Weeks of counts the snapshot keeps for the chart. */
export const CHART_WINDOW_WEEKS = LEAD_CHART_WEEKS + 2;
export const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
export const META_VERSION = 2;

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

export const pairOf = (row: LeadRow) => `${row.status}|${row.service}`;
export const timeOfKey = (key: string) => Number(/\/(\d{13})-/.exec(key)?.[1] ?? 0);
export const newSegmentId = (now: number) => `${String(now).padStart(13, "0")}-${randomUUID().slice(0, 8)}`;
export const segmentTime = (id: string) => Number(id.slice(0, 13));

export function addToWeeks(
  weeks: Record<string, WeekCounts>,
  row: LeadRow,
  sign: 1 | -1,
  oldestWeek: string,
): void {
  const time = Date.parse(row.createdAt);
  if (Number.isNaN(time)) return;
  const week = weekStart(time);
  if (week < oldestWeek) return;
  const counts = (weeks[week] ??= { service: {}, source: {} });
  counts.service[row.service] = (counts.service[row.service] ?? 0) + sign;
  counts.source[row.source] = (counts.source[row.source] ?? 0) + sign;
}

export const oldestChartWeek = (now: number) => weekStart(now - (CHART_WINDOW_WEEKS - 1) * WEEK_MS);

/** The segment a row of `key` belongs to: the newest whose oldest row is not newer than it. */
export function placement(segments: readonly SegmentInfo[], key: string): number {
  for (let index = 0; index < segments.length; index++) if (key >= segments[index]!.lo) return index;
  return Math.max(0, segments.length - 1);
}

/** A segment was replaced and deleted while this reader held an older snapshot: read again. */
export class SnapshotMovedError extends Error {}

export interface Entry {
  row: LeadRow;
  csv: string;
}

/** Cuts rows (newest first) into segments of SEGMENT_TARGET, counted from the oldest end. */
export function cut(entries: readonly Entry[]): Entry[][] {
  const pieces: Entry[][] = [];
  for (let end = entries.length; end > 0; end -= SEGMENT_TARGET) {
    pieces.unshift(entries.slice(Math.max(0, end - SEGMENT_TARGET), end));
  }
  return pieces;
}

export function segmentInfo(id: string, entries: readonly Entry[], pairs: string[]): SegmentInfo {
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

export async function writePieces(pieces: Entry[][], pairs: string[]): Promise<SegmentInfo[]> {
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

export async function readMeta(): Promise<IndexMeta | null> {
  const meta = await readMetaEntry<IndexMeta>();
  return meta && meta.version === META_VERSION ? meta : null;
}
