/**
 * Part of `npm run bench:load` (not of `npm test`): per-call latency of the quote and gallery
 * handlers against a real Blobs server at 1, 10 and 50 concurrent callers. Run by
 * scripts/bench-load.ts through Vitest (which loads the functions' TypeScript); the figures go to
 * the JSON file named by LOAD_RESULTS.
 */
import { writeFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, expect, test } from "vitest";
import { adminCookie, useAdminTestEnv } from "../functions/admin-session.ts";
import { addGalleryItem, callApi } from "../functions/api-client.ts";
import { startBlobs } from "../functions/blobs.ts";
import { pngImage } from "../functions/gallery-fixtures.ts";
import { files, quoteRequest } from "../functions/quote-fixtures.ts";
import contact from "../../netlify/functions/contact.mts";

const CONCURRENCY = [1, 10, 50];
const CALLS = Number(process.env.LOAD_CALLS ?? 300);

export interface HandlerFigure {
  scenario: string;
  concurrency: number;
  calls: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

let blobs: Awaited<ReturnType<typeof startBlobs>>;
let cookie: string;
const galleryIds: string[] = [];
const figures: HandlerFigure[] = [];

beforeAll(async () => {
  useAdminTestEnv();
  blobs = await startBlobs();
  cookie = await adminCookie();
  for (let i = 0; i < 20; i += 1) {
    galleryIds.push(await addGalleryItem(cookie, `Project ${i}`, await pngImage(40, 30)));
  }
});
afterAll(async () => {
  await blobs.stop();
  if (process.env.LOAD_RESULTS) writeFileSync(process.env.LOAD_RESULTS, JSON.stringify(figures, null, 2));
});

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function measure(
  scenario: string,
  concurrency: number,
  call: (n: number) => Promise<Response>,
  ok: number,
) {
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < CALLS) {
        const n = next++;
        const t0 = performance.now();
        const response = await call(n);
        await response.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (response.status !== ok) errors += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  figures.push({
    scenario,
    concurrency,
    calls: CALLS,
    perSecond: CALLS / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors,
  });
  expect(errors, `${scenario} at ${concurrency}`).toBe(0);
}

const SCENARIOS: [string, (n: number, run: string) => Promise<Response>, number][] = [
  [
    "POST /api/contact (quote, no files)",
    (n, run) => contact(quoteRequest({ idempotencyKey: `load-${run}-${n}`.padEnd(16, "0") })),
    201,
  ],
  [
    "POST /api/contact (quote, one 100 kB file)",
    (n, run) =>
      contact(
        quoteRequest({
          idempotencyKey: `load-file-${run}-${n}`.padEnd(16, "0"),
          attachments: [{ name: "roof.jpg", bytes: files.jpeg(100_000) }],
        }),
      ),
    201,
  ],
  ["GET /api/gallery (20 items)", () => callApi("GET", "/api/gallery"), 200],
  [
    "PUT /api/admin/gallery/{id} (edit)",
    (n) =>
      callApi("PUT", `/api/admin/gallery/${galleryIds[n % galleryIds.length]}`, {
        body: { title: `Edited ${n}`, description: "Load test", category: "repairs" },
        cookie,
      }),
    200,
  ],
];

for (const [scenario, call, ok] of SCENARIOS) {
  for (const concurrency of CONCURRENCY) {
    test(`${scenario} at ${concurrency} concurrent`, async () => {
      await measure(scenario, concurrency, (n) => call(n, `c${concurrency}`), ok);
    }, 300_000);
  }
}
