/**
 * The lead index as it was written before the current one (store "quote-index"): one JSON blob per
 * month of `createdAt` (`months/yyyy-mm`), each holding the rows of that month. Read once, when the
 * current index is first built in a store (lead-index.ts), and never written; the quote records
 * stay the truth, so leads missing from these months are taken from their records.
 */
import { openStore } from "../blobs/open-store.ts";
import type { LeadRow } from "./lead-row.ts";

const STORE_NAME = "quote-index";
const MONTH_PREFIX = "months/";

/** A row of the month index (no revision: it predates them). */
export type LegacyRow = Omit<LeadRow, "rev">;

/** Every row of every month, or an empty list when the store holds none. */
export async function readLegacyRows(): Promise<LegacyRow[]> {
  const store = openStore(STORE_NAME);
  const keys: string[] = [];
  for await (const page of store.list({ prefix: MONTH_PREFIX, paginate: true })) {
    for (const blob of page.blobs) keys.push(blob.key);
  }
  const months = await Promise.all(
    keys.map(
      async (key) => ((await store.get(key, { type: "json" })) as { rows?: LegacyRow[] } | null)?.rows ?? [],
    ),
  );
  return months.flat();
}
