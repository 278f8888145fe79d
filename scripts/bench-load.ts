/**
 * npm run bench:load: load figures (not part of `npm test`).
 *
 * 1. HTTP: autocannon against the production build served by the Netlify CLI (as `npm start`
 *    serves it): static pages and GET /api/gallery, requests per second and latency p50/p95/p99.
 * 2. Handlers: the quote and gallery functions called in-process against a real Blobs server at 1,
 *    10 and 50 concurrent callers (tests/load/handlers.load.ts, run through Vitest).
 * Prints both tables and writes them into docs/quality.md between the `load` markers.
 *
 * Environment: BENCH_PORT (default 8860) for the server it starts, or BENCH_URL for a running one;
 * BENCH_SECONDS per HTTP target (default 10), BENCH_CONNECTIONS (default 10), BENCH_TIMEOUT per request
 * (default 30 s); LOAD_CALLS handler calls
 * per scenario and concurrency (default 300); BENCH_NOTE, a sentence on the machine's state.
 */
import autocannon from "autocannon";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { startVitest } from "vitest/node";
import { markdownTable, printTable, writeQualityBlock } from "./lib/quality-doc.ts";
import { serveProduction, type Server } from "./lib/serve.ts";
import type { HandlerFigure } from "../tests/load/handlers.load.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Seconds before a request counts as an error: function calls under the CLI are slow on a busy machine. */
const TIMEOUT = Number(process.env.BENCH_TIMEOUT ?? 30);
/**
 * Static files, then a function. Under the CLI every function call loads the function afresh
 * (about a second of CPU), so 10 at once on 2 cores never finish inside the run: the function route
 * gets BENCH_FUNCTION_CONNECTIONS (default 1) and twice the time.
 */
const FUNCTION_CONNECTIONS = Number(process.env.BENCH_FUNCTION_CONNECTIONS ?? 1);
const HTTP_TARGETS: { path: string; connections: number; seconds: number }[] = [
  ...["/", "/services", "/contact", "/gallery", "/api/services"].map((path) => ({
    path,
    connections: CONNECTIONS,
    seconds: SECONDS,
  })),
  { path: "/api/gallery", connections: FUNCTION_CONNECTIONS, seconds: 2 * SECONDS },
];

interface HttpFigure {
  path: string;
  connections: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const ms = (value: number) => (Number.isNaN(value) ? "–" : value < 10 ? value.toFixed(1) : value.toFixed(0));

async function loadHttp(
  url: string,
  { path, connections, seconds }: (typeof HTTP_TARGETS)[number],
): Promise<HttpFigure> {
  await fetch(new URL(path, url)); // warm: the CLI builds a function on its first call
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: new URL(path, url).toString(), connections, duration: seconds, timeout: TIMEOUT },
      (error, done) => (error ? reject(error as Error) : resolve(done)),
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  latencies.sort((a, b) => a - b);
  return {
    path,
    connections,
    seconds,
    // From the total: the per-second average reads 0 when every response took longer than a second.
    perSecond: result.requests.total / result.duration,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

async function runHandlers(): Promise<HandlerFigure[]> {
  const dir = mkdtempSync(join(tmpdir(), "bench-load-"));
  const file = join(dir, "handlers.json");
  process.env.LOAD_RESULTS = file;
  try {
    // Without the project's config, whose `include` would add the whole suite to this run.
    const vitest = await startVitest(
      [],
      { config: false, watch: false },
      {
        test: {
          include: ["tests/load/*.load.ts"],
          environment: "node",
          // As deployed in production (an absent context counts as a preview; vitest.config.ts).
          env: { CONTEXT: "production" },
          testTimeout: 300_000,
          hookTimeout: 60_000,
        },
      },
    );
    await vitest.close();
    if (process.exitCode) throw new Error("The handler load run failed (see above)");
    return JSON.parse(readFileSync(file, "utf8")) as HandlerFigure[];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const handlerFigures = await runHandlers();

let server: Server | undefined;
const httpFigures: HttpFigure[] = [];
try {
  const url =
    process.env.BENCH_URL ?? (server = await serveProduction(Number(process.env.BENCH_PORT ?? 8860))).url;
  for (const target of HTTP_TARGETS) {
    console.error(`autocannon ${target.path}: ${target.connections} connections for ${target.seconds} s`);
    httpFigures.push(await loadHttp(url, target));
  }
} finally {
  await server?.stop();
}

const httpHeader = [
  "Path",
  "Connections",
  "Seconds",
  "Requests/s",
  "p50 (ms)",
  "p95 (ms)",
  "p99 (ms)",
  "Errors",
];
const httpRows = httpFigures.map((f) => [
  `\`${f.path}\``,
  String(f.connections),
  String(f.seconds),
  f.perSecond < 10 ? f.perSecond.toFixed(1) : f.perSecond.toFixed(0),
  ms(f.p50),
  ms(f.p95),
  ms(f.p99),
  String(f.errors),
]);
const handlerHeader = ["Handler", "Concurrent", "Calls/s", "p50 (ms)", "p95 (ms)", "p99 (ms)", "Errors"];
const handlerRows = handlerFigures.map((f) => [
  `\`${f.scenario}\``,
  String(f.concurrency),
  f.perSecond.toFixed(0),
  ms(f.p50),
  ms(f.p95),
  ms(f.p99),
  String(f.errors),
]);
printTable(httpHeader, httpRows);
console.log();
printTable(handlerHeader, handlerRows);

const machine = `${availableParallelism()} × ${cpus()[0]?.model.trim() ?? "CPU"}, load average ${loadavg()[0]!.toFixed(1)} at the end`;
const note = process.env.BENCH_NOTE ? ` ${process.env.BENCH_NOTE}` : "";
await writeQualityBlock(
  "load",
  [
    "Production build under `netlify serve --offline` (the CLI's proxy in front of every request), autocannon:",
    "",
    markdownTable(httpHeader, httpRows),
    "",
    `Handlers called in-process against a local Blobs server, ${handlerFigures[0]?.calls ?? 0} calls per row:`,
    "",
    markdownTable(handlerHeader, handlerRows),
    "",
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}.${note}`,
  ].join("\n"),
);
