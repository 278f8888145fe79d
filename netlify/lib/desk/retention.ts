/**
 * Retention: leads older than LEAD_RETENTION_MONTHS that did not become work (status other than
 * `won` or `completed`) are erased with everything they left (erase-quote.ts), as the privacy policy
 * promises. Oldest first, within a time budget: a run that ends at its budget leaves the rest to the
 * next.
 */
import { LEAD_KEPT_STATUSES, LEAD_RETENTION_MONTHS } from "../../../src/lib/lead-model.ts";
import { database } from "../database/database.ts";
import { eraseQuote } from "./erase-quote.ts";

/** Leads looked at per query. */
const ROUND = 200;

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

/** Up to `limit` expired leads, oldest first (the newest-first index read backwards). */
async function oldestExpired(cutoff: string, limit: number): Promise<string[]> {
  const { rows } = await database().query<{ id: string }>(
    `SELECT id FROM leads WHERE created_at < $1 AND NOT (status = ANY($2::text[]))
      ORDER BY created_at, id LIMIT ${Number(limit)}`,
    [cutoff, LEAD_KEPT_STATUSES],
  );
  return rows.map((row) => row.id);
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
  let erased = 0;
  while (Date.now() < deadline && erased < limit) {
    const expired = await oldestExpired(cutoff, Math.min(ROUND, limit - erased));
    if (!expired.length) return { erased, finished: true };
    for (const id of expired) {
      if (Date.now() >= deadline) break;
      // The row decides, under its lock: a lead marked won since the query is kept.
      // Erased now (the tombstone and the log say when it happened), by the cutoff of `now`.
      if (await eraseQuote({ id }, "retention", Date.now(), { expiredBefore: cutoff })) erased++;
    }
  }
  return { erased, finished: false };
}
