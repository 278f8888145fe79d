/**
 * Made-up quote requests for the lead benchmark, the served export check and trying the desk with
 * many leads: deterministic (the same seed gives the same leads, ids included, so seeding twice
 * does not add a second copy), spread over past months, stored straight into Blobs.
 */
import type { QuoteRecord } from "../../netlify/lib/quote/quote-store.ts";
import { saveQuote } from "../../netlify/lib/quote/quote-store.ts";
import { compactIndex } from "../../netlify/lib/desk/lead-index-compaction.ts";
import { indexQuote, openView } from "../../netlify/lib/desk/lead-index.ts";
import { mapLimit } from "../../netlify/lib/desk/lead-snapshot.ts";
import { openStore } from "../../netlify/lib/blobs/open-store.ts";
import { rowOf } from "../../netlify/lib/desk/lead-row.ts";
import { LEAD_STATUSES } from "../../src/lib/lead-model.ts";
import { SERVICE_OPTION_VALUES } from "../../src/lib/service-options.ts";

const FIRST = ["Morag", "Callum", "Isla", "Hamish", "Eilidh", "Fraser", "Kirsty", "Angus", "Mhairi", "Ewan"];
const LAST = ["MacLeod", "Stewart", "Campbell", "Robertson", "Murray", "Fraser", "Reid", "Ross", "Watson"];
const WORDS =
  "slates slipped storm gutter leaking chimney flashing ridge tiles roughcast cracked render flat roof membrane moss valley lead skylight fascia soffit downpipe damp ceiling stain quote survey week".split(
    " ",
  );
const MONTH_MS = 30 * 24 * 3_600_000;

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32: 32-bit integer steps, no rounding). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

export interface SeedOptions {
  /** Same seed, same leads. */
  seed?: number;
  /** The newest lead is at most this old … */
  newest?: number;
  /** … and the oldest this many months older. */
  months?: number;
  /** Every last name starts with this (a word to find the seeded leads by). */
  marker?: string;
}

/** `count` leads, createdAt spread over `months` months before `newest`. */
export function seedRecords(count: number, options: SeedOptions = {}): QuoteRecord[] {
  const next = random(options.seed ?? 42);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const hex = (digits: number) =>
    Array.from({ length: digits }, () => Math.floor(next() * 16).toString(16)).join("");
  const newest = options.newest ?? Date.now();
  const span = (options.months ?? 18) * MONTH_MS;
  const marker = options.marker ?? "";
  return Array.from({ length: count }, (_, index) => {
    const first = pick(FIRST);
    const last = pick(LAST);
    const words = Array.from({ length: 12 + Math.floor(next() * 30) }, () => pick(WORDS));
    const record: QuoteRecord = {
      id: `${hex(8)}-${hex(4)}-4${hex(3)}-8${hex(3)}-${hex(12)}`,
      createdAt: new Date(newest - Math.floor(next() * span)).toISOString(),
      reference: `Q-${index.toString(36).toUpperCase().padStart(6, "X")}`,
      firstName: first,
      lastName: `${marker}${last}${index}`,
      email: `${first.toLowerCase()}.${index}@example.co.uk`,
      phone: `07700 9${String(index % 100_000).padStart(5, "0")}`,
      serviceRequired: pick(SERVICE_OPTION_VALUES),
      message: `${words.join(" ")}.`,
      attachments: [],
      status: pick(LEAD_STATUSES),
      notes: [],
    };
    if (next() < 0.5) record.source = { referrer: "www.google.com", landingPage: "/services" };
    return record;
  });
}

/** Stores the records, `concurrency` at a time. */
export async function saveRecords(records: readonly QuoteRecord[], concurrency = 100): Promise<void> {
  await mapLimit(records, concurrency, (record) => saveQuote(record));
}

/** The month index as the earlier design left it (store "quote-index"), for the migration. */
export async function writeMonthIndex(records: readonly QuoteRecord[]): Promise<void> {
  const months = new Map<string, unknown[]>();
  for (const record of records) {
    const { rev: _rev, ...row } = rowOf(record);
    const month = record.createdAt.slice(0, 7);
    months.set(month, [...(months.get(month) ?? []), row]);
  }
  const store = openStore("quote-index");
  await mapLimit([...months], 4, ([month, rows]) => store.setJSON(`months/${month}`, { rows }));
  await store.setJSON("meta", { version: 1, builtAt: new Date().toISOString() });
}

/**
 * Adds the records to the lead index as a quote does (an entry per lead) and folds them into the
 * snapshot as the scheduled compaction would.
 */
export async function indexRecords(records: readonly QuoteRecord[]): Promise<void> {
  await openView();
  await mapLimit(records, 50, (record) => indexQuote(record));
  for (let round = 0; round < 100; round++) {
    const report = await compactIndex({ budgetMs: 120_000 });
    if (report.skipped === "busy") await new Promise((resolve) => setTimeout(resolve, 1000));
    if ((await openView()).unfolded === 0) return;
  }
  throw new Error("The seeded leads were not folded into the index");
}
