/**
 * The lead index against a real Blobs server: every stored quote is in the desk the moment its 201
 * is answered, however many arrive at once; a status change and the e-mail bookkeeping of one quote
 * keep each other's change; compaction, migration from the month index, reconcile and retention
 * never lose or double a lead.
 */
import { getStore } from "@netlify/blobs";
import type { Context } from "@netlify/functions";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import contact from "../../netlify/functions/contact.mts";
import list from "../../netlify/functions/admin-contact-submissions.mts";
import one from "../../netlify/functions/admin-contact-submission.mts";
import exportCsv from "../../netlify/functions/admin-contact-submissions-export.mts";
import stats from "../../netlify/functions/admin-contact-submissions-stats.mts";
import { compactIndex } from "../../netlify/lib/desk/lead-index-compaction.ts";
import { indexQuote, openView } from "../../netlify/lib/desk/lead-index.ts";
import { reconcileIndex } from "../../netlify/lib/desk/lead-index-reconcile.ts";
import { SEGMENT_MAX } from "../../netlify/lib/desk/lead-snapshot.ts";
import { eraseExpiredLeads } from "../../netlify/lib/desk/retention.ts";
import { deliverQuote } from "../../netlify/lib/mail/outbox.ts";
import { readQuote, saveQuote, type QuoteRecord } from "../../netlify/lib/quote/quote-store.ts";
import { LEAD_STATUSES, type LeadStats } from "../../src/lib/lead-model.ts";
import { SERVICE_OPTION_VALUES } from "../../src/lib/service-options.ts";
import { adminCookie, TEST_ORIGIN, useAdminTestEnv } from "./admin-session.ts";
import { startBlobs } from "./blobs.ts";
import { BASE, files, nextVisitorIp, quoteRequest } from "./quote-fixtures.ts";
import { startSmtp } from "./smtp.ts";

let blobs: Awaited<ReturnType<typeof startBlobs>>;
let cookie: string;

// The abuse limits too: each test starts with no e-mail or quote counted against it.
const STORES = ["quote-submissions", "quote-index", "lead-index", "abuse-limits", "mail-status"];
const storeOf = (name: string) => getStore({ name, consistency: "strong" });

async function keysOf(name: string, prefix = ""): Promise<string[]> {
  const { blobs: entries } = await storeOf(name).list({ prefix });
  return entries.map((entry) => entry.key).sort();
}

beforeAll(async () => {
  blobs = await startBlobs();
  useAdminTestEnv();
  cookie = await adminCookie();
});
afterAll(async () => blobs.stop());
beforeEach(async () => {
  for (const name of STORES) {
    const store = storeOf(name);
    const { blobs: entries } = await store.list();
    await Promise.all(entries.map((entry) => store.delete(entry.key)));
  }
});

/** Compaction with no waiting: late changes, older snapshots' readers and missing records are not waited for. */
const NO_WAIT = { latenessMs: 0, graceMs: 0, ghostGraceMs: 0 };

function request(path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("cookie", cookie);
  if (init.method && init.method !== "GET") headers.set("origin", TEST_ORIGIN);
  return new Request(`${BASE}${path}`, { ...init, headers });
}

const LIST = "/api/admin/contact-submissions";
type Listed = { id: string; lastName: string; status: string; notes: { text: string }[] };

async function getList(query = "") {
  const response = await list(request(`${LIST}${query}`));
  expect(response.status, await response.clone().text()).toBe(200);
  return {
    total: Number(response.headers.get("x-total-count")),
    next: /^<([^>]+)>; rel="next"$/.exec(response.headers.get("link") ?? "")?.[1] ?? null,
    body: (await response.json()) as Listed[],
  };
}

/** Every lead the list shows for `query`, following the Link header page by page. */
async function everyPage(query: string, limit = 200): Promise<{ ids: string[]; total: number }> {
  const ids: string[] = [];
  let next: string | null = `${LIST}?${query}${query ? "&" : ""}limit=${limit}`;
  let total = -1;
  while (next) {
    const page = await getList(next.slice(LIST.length));
    if (total === -1) total = page.total;
    expect(page.total).toBe(total);
    ids.push(...page.body.map((quote) => quote.id));
    next = page.next;
  }
  return { ids, total };
}

async function csvRows(query = ""): Promise<string[]> {
  const response = await exportCsv(request(`${LIST}/export.csv${query}`));
  expect(response.status).toBe(200);
  const text = (await response.text()).replace(/^\ufeff/, "");
  // Rows start with a reference or an empty one, then the ISO date; multi-line cells are quoted.
  return text
    .split(/\r\n(?=[^\r\n]*,\d{4}-\d{2}-\d{2}T)/)
    .slice(1)
    .filter(Boolean);
}

async function getStats(): Promise<LeadStats> {
  const response = await stats(request(`${LIST}/stats`));
  expect(response.status).toBe(200);
  return (await response.json()) as LeadStats;
}

function patch(id: string, body: unknown) {
  return one(
    request(`${LIST}/${id}`, {
      method: "PATCH",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
    { params: { id } } as unknown as Context,
  );
}

async function send(fields: Record<string, string>, options: Parameters<typeof quoteRequest>[0] = {}) {
  const response = await contact(quoteRequest({ clientIp: nextVisitorIp(), ...options, fields }));
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { id: string; createdAt: string; reference: string };
}

/** Two letters from a number, so names are words no other name contains. */
const letters = (n: number) => String.fromCharCode(97 + Math.floor(n / 26), 97 + (n % 26));

function record(overrides: Partial<QuoteRecord> & { createdAt: string }): QuoteRecord {
  return {
    id: crypto.randomUUID(),
    firstName: "Stored",
    lastName: "Earlier",
    email: "earlier@example.co.uk",
    phone: "07700 900555",
    serviceRequired: "roughcasting",
    message: "A quote stored before the lead index.",
    attachments: [],
    ...overrides,
  };
}

describe("never out of sight", () => {
  test("50 quotes at once: each is in the list, the count, the search and the CSV as soon as its 201 is answered", async () => {
    await getList();
    const sent = await Promise.all(
      Array.from({ length: 50 }, async (_, n) => {
        const lastName = `Burst${letters(n)}`;
        const { id } = await send({ lastName, message: `Burst quote number ${n}, slates off.` });
        // Right after its own 201, while the other quotes are still arriving.
        const found = await getList(`?q=${lastName}`);
        return { id, lastName, found: found.body.map((quote) => quote.id), total: found.total };
      }),
    );
    for (const quote of sent) {
      expect(quote.found, quote.lastName).toEqual([quote.id]);
      expect(quote.total, quote.lastName).toBe(1);
    }
    const all = await getList("?limit=200");
    expect(all.total).toBe(50);
    expect(all.body.map((quote) => quote.id).sort()).toEqual(sent.map((quote) => quote.id).sort());
    const rows = await csvRows();
    expect(rows).toHaveLength(50);
    for (const quote of sent)
      expect(rows.filter((row) => row.includes(`,${quote.lastName},`))).toHaveLength(1);
    expect(await getStats()).toMatchObject({ total: 50, newCount: 50 });

    // Folded into the snapshot, the same 50.
    await compactIndex({ timing: NO_WAIT });
    expect((await everyPage("")).ids.sort()).toEqual(sent.map((quote) => quote.id).sort());
    expect((await getList("?q=burst")).total).toBe(50);
  }, 120_000);

  test("a status change racing the quote's e-mail bookkeeping: both are kept", async () => {
    const smtp = await startSmtp("slow", 400);
    try {
      const { id } = await send({ lastName: "Racer" });
      process.env.SMTP_URL = smtp.url;
      // The sender claims both e-mails, sends them slowly and records each outcome, while the owner
      // sets a status and adds five notes from two devices.
      const [, ...answers] = await Promise.all([
        deliverQuote(id),
        patch(id, { status: "contacted" }),
        ...Array.from({ length: 5 }, (_, n) => patch(id, { note: `Call ${n}` })),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
      const stored = (await readQuote(id))!;
      expect(stored.status).toBe("contacted");
      expect(stored.notes!.map((note) => note.text).sort()).toEqual([
        "Call 0",
        "Call 1",
        "Call 2",
        "Call 3",
        "Call 4",
      ]);
      expect(stored.notifications!.map((n) => n.status)).toEqual(["sent", "sent"]);
      expect(smtp.messages).toHaveLength(2);
      expect(stored.revision).toBe(6);
      // The desk shows the newest revision.
      const [listed] = (await getList("?q=racer&status=contacted")).body;
      expect(listed!.notes).toHaveLength(5);
      expect((await csvRows("?q=racer"))[0]).toContain("Call 4");
    } finally {
      delete process.env.SMTP_URL;
      await smtp.stop();
    }
  });

  test("an index entry whose record never came is not shown, and is dropped once it is late", async () => {
    const kept = await send({ lastName: "Kept" });
    const ghost = record({ createdAt: new Date().toISOString(), lastName: "Ghost" });
    await indexQuote(ghost);
    const page = await getList();
    expect(page.body.map((quote) => quote.id)).toEqual([kept.id]);
    // Still young: it may be a quote whose record is being written; it waits.
    expect(await compactIndex({ timing: { latenessMs: 0, graceMs: 0 } })).toMatchObject({ ghosts: 0 });
    expect((await getList()).total).toBe(2);
    expect(await compactIndex({ timing: NO_WAIT })).toMatchObject({ ghosts: 1 });
    expect((await getList()).total).toBe(1);
    expect(await csvRows()).toHaveLength(1);
  });
});

describe("compaction", () => {
  test("folds every change into the snapshot without changing what the desk shows, then deletes the changes", async () => {
    const sent = [];
    for (let n = 0; n < 12; n++) {
      sent.push(
        await send({ lastName: `Fold${letters(n)}`, serviceRequired: n % 2 ? "guttering" : "roof-repairs" }),
      );
    }
    for (const quote of sent.slice(0, 5))
      expect((await patch(quote.id, { status: "quoted" })).status).toBe(200);
    for (const quote of sent.slice(10)) {
      const deleted = await one(request(`${LIST}/${quote.id}`, { method: "DELETE" }), {
        params: { id: quote.id },
      } as unknown as Context);
      expect(deleted.status).toBe(204);
    }
    const shown = async () => ({
      all: await everyPage(""),
      quoted: await everyPage("status=quoted"),
      gutters: await everyPage("service=guttering"),
      search: (await getList("?q=fold")).total,
      csv: await csvRows(),
      stats: await getStats(),
    });
    const before = await shown();
    expect(before.all.total).toBe(10);
    expect(before.quoted.total).toBe(5);
    expect(before.stats).toMatchObject({ total: 10, newCount: 5 });

    const report = await compactIndex({ timing: NO_WAIT });
    expect(report).toMatchObject({ folded: 12 + 5 + 2, ghosts: 0 });
    expect(await shown()).toEqual(before);
    expect((await openView()).unfolded).toBe(0);

    // The next run deletes the folded changes: no reader can need them any more.
    expect(await compactIndex({ timing: NO_WAIT })).toMatchObject({ deleted: 12 + 5 + 2 });
    expect(await keysOf("lead-index", "changes/")).toEqual([]);
    expect(await shown()).toEqual(before);
    // With nothing left to do, a run writes nothing.
    const seq = (await openView()).meta.seq;
    expect(await compactIndex({ timing: NO_WAIT })).toMatchObject({ folded: 0, deleted: 0 });
    expect((await openView()).meta.seq).toBe(seq);
  });

  test("a quote that arrives while a long compaction runs stays in the desk", async () => {
    await getList();
    const many = Array.from({ length: 1500 }, (_, n) =>
      record({ createdAt: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(), lastName: `Bulk${n}` }),
    );
    await Promise.all(many.map((quote) => saveQuote(quote)));
    for (let start = 0; start < many.length; start += 100) {
      await Promise.all(many.slice(start, start + 100).map((quote) => indexQuote(quote)));
    }
    const running = compactIndex({ timing: NO_WAIT });
    // Once the run holds its lease it lists the changes and then works through 1,500 of them.
    const lease = storeOf("lead-index");
    while (!(((await lease.get("lease", { type: "json" })) as { until?: number } | null)?.until ?? 0)) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    const late = await send({ lastName: "Latecomer" });
    expect((await running).folded).toBeGreaterThan(0);
    expect((await getList("?q=latecomer")).body.map((quote) => quote.id)).toEqual([late.id]);
    await compactIndex({ timing: NO_WAIT });
    expect((await getList("?q=latecomer")).body.map((quote) => quote.id)).toEqual([late.id]);
    expect((await getList()).total).toBe(1501);
  }, 120_000);

  test("two compactions at once: one runs, the other leaves it the work", async () => {
    for (let n = 0; n < 5; n++) await send({ lastName: `Pair${letters(n)}` });
    const reports = await Promise.all([compactIndex({ timing: NO_WAIT }), compactIndex({ timing: NO_WAIT })]);
    expect(reports.map((report) => report.skipped ?? "ran").sort()).toEqual(["busy", "ran"]);
    expect((await getList()).total).toBe(5);
  });

  test(`many leads over many segments: pages, filters, counts and changes agree with the records`, async () => {
    const base = Date.UTC(2026, 0, 1);
    const records = Array.from({ length: 900 }, (_, n) =>
      record({
        createdAt: new Date(base + n * 3_600_000).toISOString(),
        lastName: `Many${letters(n % 676)}${n}`,
        status: LEAD_STATUSES[n % LEAD_STATUSES.length],
        serviceRequired: SERVICE_OPTION_VALUES[n % 4]!,
      }),
    );
    for (let start = 0; start < records.length; start += 100) {
      await Promise.all(records.slice(start, start + 100).map((quote) => saveQuote(quote)));
    }
    const newestFirst = [...records].reverse().map((quote) => quote.id);
    const check = async (changed: Map<string, string>) => {
      expect((await everyPage("")).ids).toEqual(newestFirst);
      const statusOf = (quote: QuoteRecord) => changed.get(quote.id) ?? quote.status;
      for (const [query, keep] of [
        ["status=won", (quote: QuoteRecord) => statusOf(quote) === "won"],
        [
          `service=${SERVICE_OPTION_VALUES[1]}`,
          (quote: QuoteRecord) => quote.serviceRequired === SERVICE_OPTION_VALUES[1],
        ],
        [
          `status=new&service=${SERVICE_OPTION_VALUES[0]}`,
          (quote: QuoteRecord) =>
            statusOf(quote) === "new" && quote.serviceRequired === SERVICE_OPTION_VALUES[0],
        ],
      ] as const) {
        const expected = [...records]
          .reverse()
          .filter(keep)
          .map((quote) => quote.id);
        const shown = await everyPage(query, 50);
        expect(shown.ids, query).toEqual(expected);
        expect(shown.total, query).toBe(expected.length);
      }
      expect((await getStats()).total).toBe(900);
    };
    await check(new Map());
    const view = await openView();
    expect(view.meta.segments.length).toBeGreaterThan(2);
    expect(view.meta.segments.every((segment) => segment.n <= SEGMENT_MAX)).toBe(true);
    expect(view.meta.segments.reduce((sum, segment) => sum + segment.n, 0)).toBe(900);

    // Status changes in old, middle and new segments show at once, and after compaction.
    const changed = new Map<string, string>();
    for (const position of [3, 450, 897]) {
      const id = records[position]!.id;
      const status = records[position]!.status === "won" ? "lost" : "won";
      expect((await patch(id, { status })).status).toBe(200);
      changed.set(id, status);
    }
    await check(changed);
    await compactIndex({ timing: NO_WAIT });
    await check(changed);
  }, 180_000);
});

describe("migration from the month index", () => {
  test("a store written by the month index is taken over on first use: no lead lost, none twice", async () => {
    const months = ["2026-01", "2026-02", "2026-03"];
    const records = Array.from({ length: 30 }, (_, n) =>
      record({
        createdAt: `${months[n % 3]}-${String(10 + (n % 15)).padStart(2, "0")}T09:${String(n).padStart(2, "0")}:00.000Z`,
        lastName: `Old${letters(n)}`,
        status: LEAD_STATUSES[n % LEAD_STATUSES.length],
        message: `Message of an older quote, number ${n}, long enough to keep.`,
        attachments: n === 4 ? [{ id: "1", name: "gable.jpg", size: 3, type: "image/jpeg" }] : [],
      }),
    );
    for (const quote of records) await saveQuote(quote);
    // The month index as it was left: 25 of the 30 in their month (5 were lost to its hot spot), a
    // row of a quote erased since, and one lead listed in two months.
    const row = (quote: QuoteRecord) => ({
      id: quote.id,
      createdAt: quote.createdAt,
      firstName: quote.firstName,
      lastName: quote.lastName,
      email: quote.email,
      phone: quote.phone,
      service: quote.serviceRequired,
      status: quote.status ?? "new",
      message: quote.message,
      source: "Unknown",
    });
    const old = storeOf("quote-index");
    const gone = record({ createdAt: "2026-02-01T10:00:00.000Z", lastName: "Erased" });
    for (const month of months) {
      const rows = records
        .slice(0, 25)
        .filter((quote) => quote.createdAt.startsWith(month))
        .map(row);
      if (month === "2026-02") rows.push(row(gone), row(records[0]!));
      await old.setJSON(`months/${month}`, { rows });
    }
    await old.setJSON("meta", { version: 1, builtAt: "2026-03-20T00:00:00.000Z" });
    // A quote sent after the new code came, before anyone opened the desk.
    const fresh = await send({ lastName: "Fresh" });

    const expected = [...records.map((quote) => quote.id), fresh.id].sort();
    const shown = await everyPage("");
    expect(shown.total).toBe(31);
    expect([...shown.ids].sort()).toEqual(expected);
    expect((await getList("?q=erased")).total).toBe(0);
    for (const quote of records.slice(25)) expect((await getList(`?q=${quote.lastName}`)).total).toBe(1);
    expect((await everyPage("status=won")).total).toBe(
      records.filter((quote) => quote.status === "won").length,
    );
    // Every lead's CSV line, the full record's (message, attachments) even before it is made.
    const before = await csvRows();
    expect(before).toHaveLength(31);
    expect(before.find((line) => line.includes(",Oldae,"))).toContain("gable.jpg");

    // The compaction makes the missing CSV lines from the records; the export stays the same.
    const report = await compactIndex({ timing: NO_WAIT });
    expect(report.backfilled).toBe(25);
    expect((await openView()).meta.segments.every((segment) => segment.csvMissing === 0)).toBe(true);
    expect(await csvRows()).toEqual(before);
    // The month index is left as it was.
    expect(await keysOf("quote-index")).toEqual([
      "meta",
      "months/2026-01",
      "months/2026-02",
      "months/2026-03",
    ]);
  });
});

describe("reconcile", () => {
  test("quotes stored without the index (a restore) are added, rows without a quote are removed; the desk says so", async () => {
    await send({ lastName: "Indexed" });
    await getList();
    const restored = Array.from({ length: 3 }, (_, n) =>
      record({
        createdAt: new Date(Date.now() - n * 60_000).toISOString(),
        lastName: `Restored${letters(n)}`,
      }),
    );
    for (const quote of restored) await saveQuote(quote);
    const orphan = record({ createdAt: new Date(Date.now() - 3_600_000).toISOString(), lastName: "Orphan" });
    await indexQuote(orphan);
    expect((await getList()).total).toBe(2);

    expect(await reconcileIndex()).toEqual({ added: 3, removed: 1, finished: true });
    const after = await getList();
    expect(after.total).toBe(4);
    expect(after.body.map((quote) => quote.lastName).sort()).toEqual([
      "Indexed",
      "Restoredaa",
      "Restoredab",
      "Restoredac",
    ]);
    expect((await getStats()).repair).toMatchObject({ added: 3, removed: 1 });
    expect(await reconcileIndex()).toEqual({ added: 0, removed: 0, finished: true });
  });
});

describe("retention", () => {
  test("erases the oldest first, resumes on the next run, and leaves nothing of an erased lead behind", async () => {
    const quotes = [];
    for (let n = 0; n < 8; n++) {
      quotes.push(
        await send(
          { lastName: `Aged${letters(n)}` },
          {
            idempotencyKey: `retention-key-${String(n).padStart(4, "0")}`,
            attachments: [{ name: "roof.jpg", bytes: files.jpeg(3000) }],
          },
        ),
      );
    }
    expect((await patch(quotes[2]!.id, { status: "won" })).status).toBe(200);
    // A year and more later.
    const later = Date.now() + 400 * 24 * 3_600_000;

    const first = await eraseExpiredLeads({ now: later, limit: 3 });
    expect(first).toEqual({ erased: 3, finished: false });
    // The three oldest that did not become work went.
    expect((await everyPage("")).ids).toEqual([
      ...quotes
        .slice(4)
        .map((quote) => quote.id)
        .reverse(),
      quotes[2]!.id,
    ]);
    const second = await eraseExpiredLeads({ now: later });
    expect(second).toEqual({ erased: 4, finished: true });

    const left = await getList();
    expect(left.body.map((quote) => quote.id)).toEqual([quotes[2]!.id]);
    const won = (await readQuote(quotes[2]!.id))!;
    // Of the erased leads nothing is left: no record, attachment, outbox entry, reference or key.
    const keys = await keysOf("quote-submissions");
    const wonKeys = [
      `submissions/${won.id}`,
      `attachments/${won.id}/1`,
      `references/${won.reference}`,
      `idempotency/${won.idempotencyKeyHash}`,
    ];
    expect(keys.filter((key) => !key.startsWith("outbox/")).sort()).toEqual(wonKeys.sort());
    expect(keys.filter((key) => key.startsWith("outbox/"))).toEqual(
      keys.includes(`outbox/${won.id}`) ? [`outbox/${won.id}`] : [],
    );
    await compactIndex({ timing: NO_WAIT });
    await compactIndex({ timing: NO_WAIT });
    const view = await openView();
    const rows = (await Promise.all(view.meta.segments.map((_, index) => view.rows(index)))).flat();
    expect(rows.map((row) => row.id)).toEqual([won.id]);
    expect(await keysOf("lead-index", "changes/")).toEqual([]);
  });
});
