/**
 * Retention: leads older than LEAD_RETENTION_MONTHS that did not become work (status other than
 * `won` or `completed`) are erased with everything they left (erase-quote.ts), as the privacy policy promises.
 * Oldest first, within a time budget: a run that ends at its budget leaves the rest to the next.
 */
import { LEAD_RETENTION_MONTHS, isKeptStatus } from "../../../src/lib/lead-model.ts";
import { readQuote } from "../quote/quote-store.ts";
import { eraseQuote } from "./erase-quote.ts";
import { compactIndex } from "./lead-index-compaction.ts";
import { withView } from "./lead-index.ts";
import { mapLimit } from "./lead-snapshot.ts";
import { statusOf, type LeadRow } from "./lead-row.ts";

/** Leads looked at per round; the index is compacted between rounds. */
const ROUND = 200;
const ERASE_CONCURRENCY = 8;

/** The instant before which leads that did not become work are erased. */
export function retentionCutoff(now: number): string {
  const date = new Date(now);
  date.setUTCMonth(date.getUTCMonth() - LEAD_RETENTION_MONTHS);
  return date.toISOString();
}

export interface RetentionReport {
  erased: number;
  /** False when the budget ended the run before every expired lead was erased. */
  finished: boolean;
}

/** Up to `limit` expired leads (by the index), oldest first, leaving out those in `skip`. */
async function oldestExpired(cutoff: string, limit: number, skip: Set<string>): Promise<LeadRow[]> {
  return withView(async (view) => {
    const found: LeadRow[] = [];
    for (let index = view.segmentCount - 1; index >= 0 && found.length < limit; index--) {
      const segment = view.segment(index);
      const rows = await view.rows(index);
      for (let at = rows.length - 1; at >= 0 && found.length < limit; at--) {
        const row = rows[at]!;
        if (row.createdAt < cutoff && !isKeptStatus(row.status) && !skip.has(row.id)) found.push(row);
      }
      // Segments are in time order: once one starts after the cutoff, none older is left to see.
      if (segment && segment.lo.slice(0, cutoff.length) >= cutoff && !view.changesIn(index).length) break;
    }
    return found;
  });
}

/**
 * One run: erases expired leads, oldest first, until none is left (`finished`), the time budget
 * (default 20 s, inside the platform's 30 s for a scheduled function) is spent or `limit` leads
 * are erased; the next run goes on from there.
 */
export async function eraseExpiredLeads(
  options: { now?: number; budgetMs?: number; limit?: number } = {},
): Promise<RetentionReport> {
  const now = options.now ?? Date.now();
  const deadline = Date.now() + (options.budgetMs ?? 20_000);
  const limit = options.limit ?? Infinity;
  const cutoff = retentionCutoff(now);
  const kept = new Set<string>();
  let erased = 0;
  while (Date.now() < deadline && erased < limit) {
    const expired = await oldestExpired(cutoff, Math.min(ROUND, limit - erased), kept);
    if (!expired.length) return { erased, finished: true };
    await mapLimit(expired, ERASE_CONCURRENCY, async (row) => {
      if (Date.now() >= deadline) return;
      // The record decides: a lead marked won since the index was read is kept.
      const record = await readQuote(row.id);
      if (record && (isKeptStatus(statusOf(record)) || record.createdAt >= cutoff)) {
        kept.add(row.id);
        return;
      }
      await eraseQuote(record ?? row, "retention");
      erased++;
    });
    await compactIndex({ now, budgetMs: Math.max(1000, deadline - Date.now()) });
  }
  return { erased, finished: false };
}
