/**
 * npm run bench:leads: the lead desk at scale (docs/design.md, Lead desk). Seeds LEADS (default 10,000) quote
 * requests into a local Blobs server on a temp folder, then times the real admin handlers: the
 * first page, a filtered page, a search and the CSV export of every lead, each cold (a new function
 * instance: nothing of the index in memory) and warm (the instance has served a request before).
 * Prints the figures, writes them into docs/quality.md and exits 1 when a target is missed
 * (first page < 0.5 s, search < 2 s). Not part of `npm test`.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { setEnvironmentContext } from "@netlify/blobs";
import { BlobsServer } from "@netlify/blobs/server";
import login from "../netlify/functions/admin-login.mts";
import list from "../netlify/functions/admin-contact-submissions.mts";
import one from "../netlify/functions/admin-contact-submission.mts";
import { forgetCachedIndex, markIndexBuilt, upsertRows } from "../netlify/lib/desk/lead-index-store.ts";
import { rowOf } from "../netlify/lib/desk/lead-desk.ts";
import { saveQuote, type QuoteRecord } from "../netlify/lib/quote/quote-store.ts";
import { LEAD_STATUSES } from "../src/lib/lead-model.ts";
import { SERVICE_OPTION_VALUES } from "../src/lib/service-options.ts";
import { markdownTable, printTable, writeQualityBlock } from "./lib/quality-doc.ts";

const LEADS = Number(process.env.LEADS ?? 10_000);
const RUNS = 5;
const TARGETS = { firstPage: 500, search: 2000 } as const;
const BASE = "http://localhost";

const FIRST = ["Morag", "Callum", "Isla", "Hamish", "Eilidh", "Fraser", "Kirsty", "Angus", "Mhairi", "Ewan"];
const LAST = ["MacLeod", "Stewart", "Campbell", "Robertson", "Murray", "Fraser", "Reid", "Ross", "Watson"];
const WORDS =
  "slates slipped storm gutter leaking chimney flashing ridge tiles roughcast cracked render flat roof membrane moss valley lead skylight fascia soffit downpipe damp ceiling stain quote survey week".split(
    " ",
  );

/** Deterministic pseudo-random numbers, so every run seeds the same leads. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function seedRecords(count: number, now: number): QuoteRecord[] {
  const next = random(42);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const span = 18 * 30 * 24 * 3_600_000;
  return Array.from({ length: count }, (_, index) => {
    const first = pick(FIRST);
    const last = pick(LAST);
    const words = Array.from({ length: 12 + Math.floor(next() * 30) }, () => pick(WORDS));
    return {
      id: crypto.randomUUID(),
      createdAt: new Date(now - Math.floor(next() * span)).toISOString(),
      reference: `Q-${index.toString(36).toUpperCase().padStart(6, "X")}`,
      firstName: first,
      lastName: `${last}${index}`,
      email: `${first.toLowerCase()}.${index}@example.co.uk`,
      phone: `07700 9${String(index).padStart(5, "0")}`,
      serviceRequired: pick(SERVICE_OPTION_VALUES),
      message: `${words.join(" ")}.`,
      attachments: [],
      status: pick(LEAD_STATUSES),
      notes: [],
      source: next() < 0.5 ? { referrer: "www.google.com", landingPage: "/services" } : undefined,
    };
  });
}

async function seed(records: QuoteRecord[]): Promise<void> {
  const BATCH = 100;
  for (let start = 0; start < records.length; start += BATCH) {
    await Promise.all(records.slice(start, start + BATCH).map((record) => saveQuote(record)));
  }
  await upsertRows(records.map(rowOf));
  await markIndexBuilt();
}

async function adminCookie(): Promise<string> {
  const response = await login(
    new Request(`${BASE}/api/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: BASE },
      body: JSON.stringify({ password: process.env.ADMIN_PASSWORD }),
    }),
    { ip: "192.0.2.10" } as never,
  );
  if (response.status !== 200) throw new Error(`Login failed: ${response.status}`);
  return response.headers.get("set-cookie")!.split(";")[0]!;
}

interface Case {
  name: string;
  path: string;
  handler: (req: Request, context: never) => Promise<Response>;
  target?: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function time(testCase: Case, cookie: string, cold: boolean): Promise<{ ms: number; detail: string }> {
  const times: number[] = [];
  let detail = "";
  for (let run = 0; run < RUNS; run++) {
    if (cold) forgetCachedIndex();
    const started = performance.now();
    const response = await testCase.handler(new Request(`${BASE}${testCase.path}`, { headers: { cookie } }), {
      params: { id: testCase.path.split("?")[0]!.split("/").pop() },
    } as never);
    const body = await response.text();
    times.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`${testCase.name}: ${response.status} ${body}`);
    detail = testCase.path.includes("export.csv")
      ? `${body.split("\r\n").length - 2} rows, ${(body.length / 1e6).toFixed(1)} MB`
      : `${(JSON.parse(body) as unknown[]).length} of ${response.headers.get("x-total-count")}`;
  }
  return { ms: median(times), detail };
}

async function main() {
  const directory = await mkdtemp(join(tmpdir(), "bench-leads-"));
  const server = new BlobsServer({ directory, token: "bench" });
  const { port } = await server.start();
  const url = `http://localhost:${port}`;
  setEnvironmentContext({ edgeURL: url, uncachedEdgeURL: url, siteID: "bench", token: "bench" });
  process.env.ADMIN_PASSWORD ||= "bench-password";
  try {
    const now = Date.now();
    const records = seedRecords(LEADS, now);
    const started = performance.now();
    await seed(records);
    const seedSeconds = (performance.now() - started) / 1000;
    console.log(`Seeded ${LEADS} leads in ${seedSeconds.toFixed(1)} s`);
    const rows = records.map(rowOf);
    const months = new Set(rows.map((row) => row.createdAt.slice(0, 7))).size;
    const indexMb = Buffer.byteLength(JSON.stringify(rows)) / 1e6;
    const cookie = await adminCookie();
    const searchName = records[Math.floor(LEADS / 3)]!.lastName;

    const cases: Case[] = [
      {
        name: "First page (50)",
        path: "/api/admin/contact-submissions",
        handler: list,
        target: TARGETS.firstPage,
      },
      {
        name: "Filtered page (status + service)",
        path: "/api/admin/contact-submissions?status=new&service=guttering",
        handler: list,
      },
      {
        name: "Search (name)",
        path: `/api/admin/contact-submissions?q=${searchName}`,
        handler: list,
        target: TARGETS.search,
      },
      {
        name: "Search (two message words)",
        path: "/api/admin/contact-submissions?q=chimney%20flashing",
        handler: list,
        target: TARGETS.search,
      },
      { name: `CSV export (all ${LEADS})`, path: "/api/admin/contact-submissions/export.csv", handler: one },
    ];
    const table: string[][] = [];
    let failed = false;
    for (const testCase of cases) {
      const cold = await time(testCase, cookie, true);
      const warm = await time(testCase, cookie, false);
      const pass = testCase.target === undefined || Math.max(cold.ms, warm.ms) < testCase.target;
      failed ||= !pass;
      table.push([
        testCase.name,
        `${Math.round(cold.ms)} ms`,
        `${Math.round(warm.ms)} ms`,
        cold.detail,
        testCase.target === undefined ? "–" : `< ${testCase.target / 1000} s`,
        testCase.target === undefined ? "–" : pass ? "pass" : "FAIL",
      ]);
    }
    const header = ["Request", "Cold", "Warm", "Answer", "Target", "Result"];
    printTable(header, table);
    const machine = `${cpus()[0]?.model.trim() ?? "unknown CPU"}, ${availableParallelism()} cores available, load average ${loadavg()[0]!.toFixed(1)} at the end of the run`;
    await writeQualityBlock(
      "bench-leads",
      `${markdownTable(header, table)}\n\n${LEADS.toLocaleString("en-GB")} seeded leads over 18 months (summary index: ${months} month blobs, ${indexMb.toFixed(1)} MB of JSON), local Blobs server, through the real handlers; median of ${RUNS} runs. Cold: a new function instance (the index read from Blobs); warm: the instance has the index months in memory and re-reads only changed ones. ${machine}, Node ${process.versions.node}.`,
    );
    if (failed) process.exitCode = 1;
  } finally {
    await server.stop();
    await rm(directory, { recursive: true, force: true });
  }
}

await main();
