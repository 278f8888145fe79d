/**
 * Reconcile (docs/lead-index.md): the records are the truth. Quotes the index lacks get their
 * entry, rows whose record is gone get an erasure, and a repair is recorded for the desk to show.
 */
import { listQuoteIds, readQuote } from "../quote/quote-store.ts";
import { compactIndex } from "./lead-index-compaction.ts";
import { indexErasure, indexQuote, withView } from "./lead-index.ts";
import { updateHealth } from "./lead-index-store.ts";
import { mapLimit } from "./lead-snapshot.ts";

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
