/**
 * A database that stops answering (DESIGN §21, docs/database.md "Every call is bounded"): the
 * server is paused with SIGSTOP, as a database that hangs, is cut off or is frozen mid-failover;
 * its sockets stay open and nothing ever answers. A quote, the lead desk's list and the session
 * check answer 503 JSON with Retry-After within 5 s, log no personal data, and store nothing; a
 * transaction cut short is rolled back.
 *
 * The file starts a PostgreSQL of its own: pausing the run's shared server would stall every other
 * test file. The Blobs server is the usual one (startBlobs).
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import handleContact from "../../netlify/functions/contact.mts";
import handleList from "../../netlify/functions/admin-contact-submissions.mts";
import handleSession from "../../netlify/functions/admin-session.mts";
import { recordAudit } from "../../netlify/lib/admin/audit-store.ts";
import {
  closeDatabase,
  CONNECT_TIMEOUT_MS,
  database,
  QUERY_TIMEOUT_MS,
  transaction,
} from "../../netlify/lib/database/database.ts";
import { isStorageOutage, STORAGE_OUTAGE_MESSAGE } from "../../netlify/lib/http/http-error.ts";
import { startLocalDatabase, type LocalDatabase } from "../../scripts/lib/local-database.ts";
import { adminCookie, contextFor, TEST_ORIGIN, useAdminTestEnv } from "./admin-session.ts";
import { startBlobs } from "./blobs.ts";
import { queryRecords } from "./database.ts";
import { nextVisitorIp, quoteRequest, VALID_FIELDS } from "./quote-fixtures.ts";

/** DESIGN §21: a caller waits at most this long for the answer that the database is not answering. */
const ANSWER_BUDGET_MS = 5_000;

let directory: string;
let server: LocalDatabase;
let blobs: Awaited<ReturnType<typeof startBlobs>>;
let cookie: string;
let paused: number[] = [];

/** The postmaster (first line of postmaster.pid) and the processes it started. */
async function serverProcesses(): Promise<number[]> {
  const postmaster = Number((await readFile(join(directory, "postmaster.pid"), "utf8")).split("\n")[0]);
  let children: number[] = [];
  try {
    children = execFileSync("pgrep", ["-P", String(postmaster)], { encoding: "utf8" })
      .split("\n")
      .filter(Boolean)
      .map(Number);
  } catch {
    // pgrep exits 1 when the postmaster has no children.
  }
  return [postmaster, ...children];
}

const signal = (pids: readonly number[], name: NodeJS.Signals) => {
  for (const pid of pids) {
    try {
      process.kill(pid, name);
    } catch {
      // A backend that exited meanwhile.
    }
  }
};

/** Stops the server and every backend: connections stay open, nothing answers. */
async function pause(): Promise<void> {
  paused = await serverProcesses();
  signal(paused, "SIGSTOP");
}

/** Lets every paused process run again (the postmaster first, so none is left waiting on it). */
function resume(): void {
  signal(paused, "SIGCONT");
  paused = [];
}

/** Runs `call` and how long its answer took. */
async function timed(call: () => Promise<Response>): Promise<{ response: Response; ms: number }> {
  const started = performance.now();
  const response = await call();
  return { response, ms: performance.now() - started };
}

async function expectBusy({ response, ms }: { response: Response; ms: number }) {
  expect(ms).toBeLessThan(ANSWER_BUDGET_MS);
  expect(response.status).toBe(503);
  expect(response.headers.get("retry-after")).toBe("5");
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  expect(await response.json()).toEqual({ error: STORAGE_OUTAGE_MESSAGE });
}

const contact = (request: Request) => handleContact(request, contextFor(nextVisitorIp()));
const listLeads = () =>
  handleList(new Request(`${TEST_ORIGIN}/api/admin/contact-submissions`, { headers: { cookie } }));
const checkSession = () =>
  handleSession(new Request(`${TEST_ORIGIN}/api/admin/session`, { headers: { cookie } }));
const count = async (sql: string, values: unknown[] = []) =>
  Number((await queryRecords<{ n: string }>(sql, values))[0]!.n);

/** What the failure logged: where and what kind, never the visitor's fields. */
function watchLog() {
  const lines: string[] = [];
  const spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    lines.push(args.map(String).join(" "));
  });
  return {
    lines,
    expectNoPersonalData() {
      spy.mockRestore();
      for (const value of Object.values(VALID_FIELDS))
        for (const line of lines) expect(line).not.toContain(value);
    },
  };
}

beforeAll(async () => {
  // Should the worker die mid-test, the server must not stay stopped.
  process.once("exit", resume);
  useAdminTestEnv();
  blobs = await startBlobs();
  directory = await mkdtemp(join(tmpdir(), "records-outage-"));
  server = await startLocalDatabase({ directory, persistent: false });
  // The records and sessions on this file's own server; the files in the Blobs of startBlobs().
  process.env.NETLIFY_DB_URL = server.url;
  cookie = await adminCookie();
});

afterEach(() => resume());

afterAll(async () => {
  resume();
  await closeDatabase();
  await server?.stop();
  await rm(directory, { recursive: true, force: true });
  await blobs?.stop();
});

describe("a database that does not answer", () => {
  test("a quote and the lead list answer 503 within 5 s; nothing is stored, and the retry goes through", async () => {
    // No connection open yet: each call waits on a new one that the paused server never accepts.
    await closeDatabase();
    const key = "outage-paused-0001";
    const log = watchLog();
    await pause();
    try {
      const quote = await timed(() => contact(quoteRequest({ idempotencyKey: key })));
      const list = await timed(listLeads);
      // The session is a row too: a signed-in owner is told to wait, never signed out (401).
      const session = await timed(checkSession);
      console.info(`paused server: quote 503 in ${quote.ms.toFixed(0)} ms, list in ${list.ms.toFixed(0)} ms`);
      await expectBusy(quote);
      await expectBusy(list);
      await expectBusy(session);
    } finally {
      resume();
    }
    log.expectNoPersonalData();
    // Which outage, by pg's fixed text: no answer, or no connection within its time.
    const outage =
      /^(contact|admin-contact-submissions): storage unavailable \((Query read timeout|timeout expired|timeout exceeded when trying to connect|Connection terminated)\)$/;
    expect(
      [...new Set(log.lines.filter((line) => outage.test(line)).map((line) => line.split(":")[0]))].sort(),
    ).toEqual(["admin-contact-submissions", "contact"]);

    expect(await count("SELECT count(*) AS n FROM leads")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM idempotency_keys")).toBe(0);
    const retried = await contact(quoteRequest({ idempotencyKey: key }));
    expect(retried.status).toBe(201);
    expect(await count("SELECT count(*) AS n FROM leads")).toBe(1);
    expect((await checkSession()).status).toBe(200);
  });

  test("a pooled connection that answered once and then stalls: 503 within 5 s, nothing stored", async () => {
    await closeDatabase();
    const before = await count("SELECT count(*) AS n FROM leads");
    expect((await listLeads()).status).toBe(200); // the pool now holds connections that worked
    const log = watchLog();
    await pause();
    try {
      const list = await timed(listLeads);
      const quote = await timed(() => contact(quoteRequest({ fields: { message: "Stalled pool." } })));
      console.info(`stalled pool: list 503 in ${list.ms.toFixed(0)} ms, quote in ${quote.ms.toFixed(0)} ms`);
      await expectBusy(list);
      await expectBusy(quote);
    } finally {
      resume();
    }
    log.expectNoPersonalData();
    expect(await count("SELECT count(*) AS n FROM leads")).toBe(before);
    // The stalled connections were closed, not reused: the next calls work.
    expect((await listLeads()).status).toBe(200);
    expect((await contact(quoteRequest({ fields: { message: "After the stall." } }))).status).toBe(201);
  });

  test("a transaction whose server stops answering mid-way fails within 5 s and is rolled back", async () => {
    const session = randomBytes(4).toString("hex"); // the log's short session tag
    const started = performance.now();
    const failed = transaction(async (client) => {
      await recordAudit("sign-in", { session }, Date.now(), client);
      await pause();
      await client.query("SELECT 1");
    });
    const error = await failed.then(
      () => null,
      (reason: unknown) => reason,
    );
    const ms = performance.now() - started;
    resume();
    console.info(`transaction cut short: failed in ${ms.toFixed(0)} ms`);
    expect(isStorageOutage(error), String(error)).toBe(true);
    expect(ms).toBeLessThan(ANSWER_BUDGET_MS);
    // Its connection was closed: once the server runs again it ends that session, and the insert
    // with it. Wait for that session to go, so the count reads the outcome, not an open transaction.
    await vi.waitFor(
      async () =>
        expect(
          await count(
            `SELECT count(*) AS n FROM pg_stat_activity
             WHERE datname = current_database() AND pid <> pg_backend_pid() AND xact_start IS NOT NULL`,
          ),
        ).toBe(0),
      { timeout: 5_000, interval: 50 },
    );
    expect(await count("SELECT count(*) AS n FROM activity_log WHERE session = $1", [session])).toBe(0);
  });
});

/** Keeps this process busy for `ms`, as drawing a PDF does: no timer, no socket is looked at. */
function busyFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // Nothing: the event loop waits.
  }
}

/** Lets the calls just started reach their sockets. */
const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe("a database that answers while the process is busy", () => {
  // In the tests many calls share one process, and an e-mail's PDF is drawn after a response while
  // the next call connects: only time the process could have heard back counts against a bound.
  test("a connection being made while the process is busy past the connect bound is still made", async () => {
    await closeDatabase(); // no free connection: each call opens a new one
    const one = database().query<{ one: number }>("SELECT 1 AS one");
    const two = transaction((client) => client.query<{ two: number }>("SELECT 2 AS two"));
    await settle();
    busyFor(CONNECT_TIMEOUT_MS + 1_000);
    expect((await one).rows).toEqual([{ one: 1 }]);
    expect((await two).rows).toEqual([{ two: 2 }]);
  });

  test("a query answered while the process is busy past the query bound is read, not given up", async () => {
    expect((await database().query("SELECT 1")).rowCount).toBe(1); // a connection open and free
    const slow = database().query<{ three: number }>("SELECT 3 AS three FROM pg_sleep(0.2)");
    await settle();
    busyFor(QUERY_TIMEOUT_MS + 1_000);
    expect((await slow).rows).toEqual([{ three: 3 }]);
  });
});
