/**
 * npm run bench:leads: the lead desk at 1,000, 10,000 and 100,000 stored leads (LEADS=1000,10000
 * picks the sizes). For each size it starts a local Blobs server on a temp folder, stores that many
 * made-up quotes straight into it together with the month index the earlier design wrote, lets the
 * lead index take the store over (first use), makes every CSV line, and then times the real
 * handlers: storing a quote (alone, and six senders at once), the first page, a filtered page, two
 * searches, a status change, the CSV export of every lead, a compaction and one retention run.
 * Prints the figures beside those of the month index (scripts/bench-leads-baseline.json) and writes
 * them into docs/lead-index.md; exits 1 when a target at 10,000 leads is missed.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import type { Context } from "@netlify/functions";
import { setEnvironmentContext } from "@netlify/blobs";
import { BlobsServer } from "@netlify/blobs/server";
import login from "../netlify/functions/admin-login.mts";
import contact from "../netlify/functions/contact.mts";
import list from "../netlify/functions/admin-contact-submissions.mts";
import one from "../netlify/functions/admin-contact-submission.mts";
import exportCsv from "../netlify/functions/admin-contact-submissions-export.mts";
import { compactIndex } from "../netlify/lib/desk/lead-index-compaction.ts";
import { openView } from "../netlify/lib/desk/lead-index.ts";
import { eraseExpiredLeads } from "../netlify/lib/desk/retention.ts";
import { saveRecords, seedRecords, writeMonthIndex } from "./lib/lead-seed.ts";
import { markdownTable, printTable, writeMarkdownBlock } from "./lib/quality-doc.ts";

const SIZES = (process.env.LEADS ?? "1000,10000,100000").split(",").map(Number);
const RUNS = 5;
const BASE = "http://localhost";
const ROOT = join(import.meta.dirname, "..");
const DOC = join(ROOT, "docs", "lead-index.md");
/** The targets, checked at 10,000 leads (ms). */
const TARGETS: Partial<Record<CaseKey, number>> = {
  store: 1000,
  firstPage: 500,
  searchName: 2000,
  searchWords: 2000,
};

const CASES = {
  store: "Store a quote",
  storeSix: "Store a quote, six senders at once (mean)",
  firstPage: "First page (50)",
  filtered: "Filtered page (status and service)",
  searchName: "Search (a name)",
  searchWords: "Search (two message words)",
  statusChange: "Status change",
  csv: "CSV export (every lead)",
  compaction: "Compaction of those changes",
  retention: "Retention (one scheduled run)",
  migration: "First use of a month-index store",
  backfill: "CSV lines made from the records (once)",
} as const;
type CaseKey = keyof typeof CASES;
type Figures = Partial<Record<CaseKey, string>>;

interface Baseline {
  design: string;
  commit: string;
  figures: Record<string, Figures>;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) =>
  value >= 10_000 ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`;

/** Work the handlers leave running after their answer, as the platform's waitUntil holds it. */
const background: Promise<unknown>[] = [];
const context = (ip: string) =>
  ({
    ip,
    params: {},
    waitUntil: (promise: Promise<unknown>) => background.push(promise),
  }) as unknown as Context;

function quoteRequest(n: number): Request {
  const form = new FormData();
  const fields = {
    firstName: "Bench",
    lastName: `Store${n}`,
    email: "bench@example.co.uk",
    phone: "07700 900123",
    serviceRequired: "roof-repairs",
    message: "Two slates slipped in the storm; a quote for the bench, please.",
    fillTimeMs: "15000",
    website: "",
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return new Request(`${BASE}/api/contact`, { method: "POST", body: form });
}

async function adminCookie(): Promise<string> {
  const response = await login(
    new Request(`${BASE}/api/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: BASE },
      body: JSON.stringify({ password: process.env.ADMIN_PASSWORD }),
    }),
    context("192.0.2.10"),
  );
  if (response.status !== 200) throw new Error(`Login failed: ${response.status}`);
  return response.headers.get("set-cookie")!.split(";")[0]!;
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

async function measure(size: number): Promise<Figures> {
  const directory = await mkdtemp(join(tmpdir(), "bench-leads-"));
  const server = new BlobsServer({ directory, token: "bench" });
  const { port } = await server.start();
  const url = `http://localhost:${port}`;
  setEnvironmentContext({ edgeURL: url, uncachedEdgeURL: url, siteID: "bench", token: "bench" });
  const figures: Figures = {};
  try {
    const records = seedRecords(size, { seed: 42 });
    const seeding = await timed(async () => {
      await saveRecords(records);
      await writeMonthIndex(records);
    });
    console.log(`${size}: stored ${size} quotes and their month index in ${ms(seeding.ms)}`);

    // First use: the lead index takes over the month index (its rows; the CSV lines come later).
    const migration = await timed(() => compactIndex({ budgetMs: 0 }));
    figures.migration = ms(migration.ms);
    const backfill = await timed(async () => {
      for (let run = 0; run < 1000; run++) {
        await compactIndex({ budgetMs: 20_000 });
        if ((await openView()).meta.segments.every((segment) => segment.csvMissing === 0)) return run + 1;
      }
      throw new Error("CSV lines still missing");
    });
    figures.backfill = `${ms(backfill.ms)} (${backfill.value} runs)`;
    console.log(`${size}: first use ${figures.migration}, CSV lines ${figures.backfill}`);

    const cookie = await adminCookie();
    const get = async (path: string) => {
      const handler = path.includes("export.csv") ? exportCsv : list;
      const response = await handler(
        new Request(`${BASE}${path}`, { headers: { cookie } }),
        context("192.0.2.10"),
      );
      const body = await response.text();
      if (response.status !== 200) throw new Error(`${path}: ${response.status} ${body}`);
      return { response, body };
    };
    const times = async (runs: number, work: (run: number) => Promise<unknown>) => {
      const values: number[] = [];
      for (let run = 0; run < runs; run++) values.push((await timed(() => work(run))).ms);
      return median(values);
    };

    let stored = 0;
    figures.store = ms(
      await times(RUNS, async () => {
        const n = stored++;
        const response = await contact(quoteRequest(n), context(`198.51.100.${(n % 250) + 1}`));
        if (response.status !== 201) throw new Error(`store: ${response.status} ${await response.text()}`);
      }),
    );
    const latencies: number[] = [];
    for (let round = 0; round < 5; round++) {
      await Promise.all(
        Array.from({ length: 6 }, async () => {
          const n = stored++;
          const { ms: took, value: response } = await timed(() =>
            contact(quoteRequest(n), context(`198.51.100.${(n % 250) + 1}`)),
          );
          if (response.status !== 201) throw new Error(`store: ${response.status}`);
          latencies.push(took);
        }),
      );
    }
    figures.storeSix = ms(latencies.reduce((sum, value) => sum + value, 0) / latencies.length);
    await Promise.all(background.splice(0));

    const searchName = records[Math.floor(size / 3)]!.lastName;
    const answered = (body: string, response: Response) =>
      `${(JSON.parse(body) as unknown[]).length} of ${response.headers.get("x-total-count")}`;
    for (const [key, path] of [
      ["firstPage", "/api/admin/contact-submissions"],
      ["filtered", "/api/admin/contact-submissions?status=new&service=guttering"],
      ["searchName", `/api/admin/contact-submissions?q=${searchName}`],
      ["searchWords", "/api/admin/contact-submissions?q=chimney%20flashing"],
    ] as const) {
      let answer = "";
      const value = await times(RUNS, async () => {
        const { body, response } = await get(path);
        answer = answered(body, response);
      });
      figures[key] = `${ms(value)} (${answer})`;
    }

    figures.statusChange = ms(
      await times(RUNS, async (run) => {
        const id = records[(run * 7919) % size]!.id;
        const response = await one(
          new Request(`${BASE}/api/admin/contact-submissions/${id}`, {
            method: "PATCH",
            headers: { cookie, Origin: BASE, "Content-Type": "application/json" },
            body: JSON.stringify({ status: run % 2 ? "quoted" : "contacted" }),
          }),
          { params: { id } } as unknown as Context,
        );
        if (response.status !== 200) throw new Error(`status change: ${response.status}`);
      }),
    );

    let csvDetail = "";
    const csv = await times(size >= 100_000 ? 1 : 3, async () => {
      const { body } = await get("/api/admin/contact-submissions/export.csv");
      csvDetail = `${body.split("\r\n").length - 2} rows, ${(Buffer.byteLength(body) / 1e6).toFixed(1)} MB`;
    });
    figures.csv = `${ms(csv)} (${csvDetail})`;

    const compaction = await timed(() => compactIndex());
    figures.compaction = `${ms(compaction.ms)} (${compaction.value.folded} changes)`;

    // About a third of the seeded leads are older than the retention period.
    const retention = await timed(() => eraseExpiredLeads());
    figures.retention = `${retention.value.erased} erased in ${ms(retention.ms)}${retention.value.finished ? "" : ", the rest next run"}`;
    console.log(`${size}:`, figures);
    return figures;
  } finally {
    await server.stop();
    await rm(directory, { recursive: true, force: true });
  }
}

async function main() {
  process.env.ADMIN_PASSWORD ||= "bench-password-for-the-lead-desk";
  // Runs the functions as deployed in production (an absent context counts as a preview).
  process.env.CONTEXT ||= "production";
  const baseline = JSON.parse(
    await readFile(join(import.meta.dirname, "bench-leads-baseline.json"), "utf8"),
  ) as Baseline;
  const results = new Map<number, Figures>();
  for (const size of SIZES) results.set(size, await measure(size));

  const header = ["Request", ...SIZES.flatMap((size) => [`${size.toLocaleString("en-GB")}`, "month index"])];
  const rows = (Object.keys(CASES) as CaseKey[]).map((key) => [
    CASES[key],
    ...SIZES.flatMap((size) => [
      results.get(size)?.[key] ?? "–",
      baseline.figures[String(size)]?.[key] ?? "–",
    ]),
  ]);
  printTable(header, rows);

  let failed = false;
  const at10k = results.get(10_000);
  if (at10k) {
    for (const [key, limit] of Object.entries(TARGETS) as [CaseKey, number][]) {
      const value = at10k[key] ?? "";
      const measured = value.includes(" s") ? Number.parseFloat(value) * 1000 : Number.parseFloat(value);
      if (!(measured < limit)) {
        failed = true;
        console.error(`Target missed at 10,000 leads: ${CASES[key]} took ${value} (target < ${limit} ms)`);
      }
    }
  }
  const machine = `${cpus()[0]?.model.trim() ?? "unknown CPU"}, ${availableParallelism()} cores available, load average ${loadavg()[0]!.toFixed(1)} at the end of the run`;
  await writeMarkdownBlock(
    DOC,
    "bench-leads",
    `${markdownTable(header, rows)}\n\nMeasured by \`npm run bench:leads\` on ${new Date().toISOString().slice(0, 10)}: local Blobs server on a temp folder, the real handlers called in one process, median of ${RUNS} runs (the export: of 3, at 100,000 of 1). "month index": the same requests against ${baseline.design} (commit ${baseline.commit}), first request of a new function instance. ${machine}, Node ${process.versions.node}.`,
  );
  if (failed) process.exitCode = 1;
}

/**
 * `npm run bench:leads -- --served URL`: the same requests over HTTP against a running `npm start`
 * (seed its sandbox first, e.g. `npm run seed:leads -- 10000`), so the figures include the Netlify
 * CLI's runtime (a worker per call). Writes the "bench-leads-served" table of docs/lead-index.md.
 */
async function served(base: string) {
  const password = process.env.ADMIN_PASSWORD || "admin";
  const origin = new URL(base).origin;
  const login = await fetch(`${base}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin },
    body: JSON.stringify({ password }),
  });
  if (login.status !== 200) throw new Error(`Login failed: ${login.status}`);
  const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
  const rows: string[][] = [];
  const record = async (name: string, runs: number, work: (run: number) => Promise<string>) => {
    const values: number[] = [];
    let detail = "";
    for (let run = 0; run < runs; run++) {
      const { ms: took, value } = await timed(() => work(run));
      values.push(took);
      detail = value;
    }
    rows.push([name, ms(median(values)), detail]);
    console.log(name, ms(median(values)), detail);
  };
  const get = async (path: string) => {
    const response = await fetch(`${base}${path}`, { headers: { cookie } });
    const body = await response.text();
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${body.slice(0, 200)}`);
    return { response, body };
  };
  const first = await get("/api/admin/contact-submissions?limit=1");
  const total = first.response.headers.get("x-total-count") ?? "?";
  const someone = (JSON.parse(first.body) as { lastName: string; id: string }[])[0]!;
  await record(CASES.store, RUNS, async (run) => {
    const form = new FormData();
    for (const [name, value] of Object.entries({
      firstName: "Bench",
      lastName: `Served${run}`,
      email: "bench@example.co.uk",
      phone: "07700 900123",
      serviceRequired: "roof-repairs",
      message: "Two slates slipped in the storm; a quote for the bench, please.",
      fillTimeMs: "15000",
      website: "",
    }))
      form.append(name, value);
    const response = await fetch(`${base}/api/contact`, { method: "POST", body: form });
    if (response.status !== 201) throw new Error(`store: ${response.status}`);
    return "201";
  });
  for (const [name, path] of [
    [CASES.firstPage, "/api/admin/contact-submissions"],
    [CASES.filtered, "/api/admin/contact-submissions?status=new&service=guttering"],
    [CASES.searchName, `/api/admin/contact-submissions?q=${someone.lastName}`],
    [CASES.searchWords, "/api/admin/contact-submissions?q=chimney%20flashing"],
  ] as const) {
    await record(name, RUNS, async () => {
      const { body, response } = await get(path);
      return `${(JSON.parse(body) as unknown[]).length} of ${response.headers.get("x-total-count")}`;
    });
  }
  await record(CASES.statusChange, RUNS, async (run) => {
    const response = await fetch(`${base}/api/admin/contact-submissions/${someone.id}`, {
      method: "PATCH",
      headers: { cookie, Origin: origin, "Content-Type": "application/json" },
      body: JSON.stringify({ status: run % 2 ? "quoted" : "contacted" }),
    });
    if (response.status !== 200) throw new Error(`status change: ${response.status}`);
    return "200";
  });
  await record(CASES.csv, 3, async () => {
    const { body, response } = await get("/api/admin/contact-submissions/export.csv");
    return `${body.split("\r\n").length - 2} rows, ${(Buffer.byteLength(body) / 1e6).toFixed(1)} MB${response.headers.get("content-encoding") === "gzip" ? " (sent gzip-encoded)" : ""}`;
  });
  const header = ["Request", "Time", "Answer"];
  printTable(header, rows);
  const machine = `${cpus()[0]?.model.trim() ?? "unknown CPU"}, ${availableParallelism()} cores available, load average ${loadavg()[0]!.toFixed(1)} at the end of the run`;
  await writeMarkdownBlock(
    DOC,
    "bench-leads-served",
    `${markdownTable(header, rows)}\n\nMeasured by \`npm run bench:leads -- --served\` on ${new Date().toISOString().slice(0, 10)} against \`npm start\` with ${total} leads stored, over HTTP through the Netlify CLI (a worker per call); median of ${RUNS} runs (the export: of 3). ${machine}.`,
  );
}

const servedAt = process.argv.indexOf("--served");
if (servedAt !== -1) await served(process.argv[servedAt + 1] ?? "http://localhost:8888");
else await main();
