/**
 * The owner's records against a real PostgreSQL and Blobs server: every stored quote is in the desk
 * the moment its 201 is answered, however many arrive at once; a status change and the e-mail
 * bookkeeping of one quote keep each other's change; two senders never send one e-mail twice; pages,
 * filters and counts agree with the rows; the constraints hold; retention and erasure leave nothing.
 */
import { getStore } from "@netlify/blobs";
import type { Context } from "@netlify/functions";
import fc from "fast-check";
import { beforeEach, describe, expect, test } from "vitest";
import contact from "../../netlify/functions/contact.mts";
import list from "../../netlify/functions/admin-contact-submissions.mts";
import one from "../../netlify/functions/admin-contact-submission.mts";
import exportCsv from "../../netlify/functions/admin-contact-submissions-export.mts";
import stats from "../../netlify/functions/admin-contact-submissions-stats.mts";
import { eraseExpiredLeads } from "../../netlify/lib/desk/retention.ts";
import { deliverMailJobs } from "../../netlify/lib/mail/mail-jobs.ts";
import { eraseQuote } from "../../netlify/lib/desk/erase-quote.ts";
import { saveAttachment } from "../../netlify/lib/quote/attachment-store.ts";
import { insertQuote, readQuote, type QuoteRecord } from "../../netlify/lib/quote/quote-store.ts";
import { newReference } from "../../netlify/lib/quote/reference.ts";
import { clearLimits, clearRecords, queryRecords, saveQuote } from "./database.ts";
import { LEAD_STATUSES, type LeadStats } from "../../src/lib/lead-model.ts";
import { SERVICE_OPTION_VALUES } from "../../src/lib/service-options.ts";
import { TEST_ORIGIN, useAdminSession } from "./admin-session.ts";
import { BASE, files, nextVisitorIp, quoteRequest } from "./quote-fixtures.ts";
import { startSmtp } from "./smtp.ts";

// The limits and the mail settings notice too: each test starts with no e-mail or quote counted
// against it.
const STORES = ["quote-submissions"];
const storeOf = (name: string) => getStore({ name, consistency: "strong" });

async function keysOf(name: string, prefix = ""): Promise<string[]> {
  const { blobs: entries } = await storeOf(name).list({ prefix });
  return entries.map((entry) => entry.key).sort();
}

const session = useAdminSession();
beforeEach(async () => {
  await clearRecords();
  await clearLimits();
  await queryRecords("DELETE FROM mail_settings_problem");
  for (const name of STORES) {
    const store = storeOf(name);
    const { blobs: entries } = await store.list();
    await Promise.all(entries.map((entry) => store.delete(entry.key)));
  }
});

function request(path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("cookie", session.cookie);
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
    message: "A quote stored earlier.",
    reference: newReference(),
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
        deliverMailJobs({ leadId: id }),
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
      // Created as version 1; the status and each note raised it; the e-mails' rows did not.
      expect(stored.revision).toBe(7);
      // The desk shows the newest version.
      const [listed] = (await getList("?q=racer&status=contacted")).body;
      expect(listed!.notes).toHaveLength(5);
      expect((await csvRows("?q=racer"))[0]).toContain("Call 4");
    } finally {
      delete process.env.SMTP_URL;
      await smtp.stop();
    }
  });

  test("two senders at once never send one e-mail twice", async () => {
    const smtp = await startSmtp("slow", 300);
    try {
      const quotes = [];
      // Each to its own address: one receipt per address a day (the mail limits).
      for (let n = 0; n < 4; n++)
        quotes.push(
          await send({ lastName: `Twice${letters(n)}`, email: `twice.${letters(n)}@example.co.uk` }),
        );
      process.env.SMTP_URL = smtp.url;
      await Promise.all(
        quotes.flatMap((quote) => [
          deliverMailJobs({ leadId: quote.id }),
          deliverMailJobs({ leadId: quote.id }),
          deliverMailJobs({ leadId: quote.id }),
        ]),
      );
      // Two e-mails per quote (owner and receipt), each sent once.
      expect(smtp.messages).toHaveLength(quotes.length * 2);
      for (const quote of quotes) {
        const stored = (await readQuote(quote.id))!;
        expect(stored.notifications!.map((n) => [n.kind, n.status, n.attempts])).toEqual([
          ["owner", "sent", 1],
          ["receipt", "sent", 1],
        ]);
      }
    } finally {
      delete process.env.SMTP_URL;
      await smtp.stop();
    }
  });

  test("one connection's rollback never undoes another connection's insert (a real PostgreSQL, not an emulator)", async () => {
    const { Client } = (await import("pg")).default;
    const a = new Client({ connectionString: process.env.NETLIFY_DB_URL });
    await a.connect();
    try {
      await a.query("BEGIN");
      await a.query("INSERT INTO activity_log (at, event) VALUES (now(), 'export')");
      const kept = await send({ lastName: "Isolated" });
      await a.query("ROLLBACK");
      expect((await getList("?q=isolated")).body.map((quote) => quote.id)).toEqual([kept.id]);
      expect(await queryRecords("SELECT 1 FROM activity_log WHERE event = 'export'")).toEqual([]);
    } finally {
      await a.end();
    }
  });
});

describe("constraints", () => {
  test("the database refuses what must never be stored", async () => {
    const stored = await send({ lastName: "Constrained" });
    const { reference } = stored;
    const attempt = (sql: string, values: unknown[]) => expect(queryRecords(sql, values)).rejects.toThrow();
    // A second lead with the same reference, a status that does not exist, an amount without its date.
    await attempt(
      `INSERT INTO leads (id, reference, created_at, first_name, last_name, email, phone, service, message,
         source_label, search_text) VALUES ($1, $2, now(), 'A', 'B', 'a@b.uk', '1', 'x', 'm', 'Direct', '')`,
      [crypto.randomUUID(), reference],
    );
    await attempt("UPDATE leads SET status = 'maybe' WHERE id = $1", [stored.id]);
    await attempt("UPDATE leads SET quoted_amount = 1200 WHERE id = $1", [stored.id]);
    await attempt("UPDATE mail_jobs SET status = 'failed' WHERE lead_id = $1", [stored.id]);
    expect((await readQuote(stored.id))!.status).toBe("new");
  });
});

describe("erasure", () => {
  test("an erased lead's reference is never given to another lead", async () => {
    const first = record({ createdAt: new Date().toISOString(), lastName: "Gone" });
    await saveQuote(first);
    await eraseQuote(first, "owner");
    const second = record({
      createdAt: new Date().toISOString(),
      lastName: "Next",
      reference: first.reference!,
    });
    const stored = await insertQuote(second);
    expect(stored.inserted).toBe(true);
    expect(stored.reference).toMatch(/^Q-/);
    expect(stored.reference).not.toBe(first.reference);
    expect((await readQuote(second.id))!.reference).toBe(stored.reference);
  });

  test("erasure also deletes what the layout before the database kept of the lead in Blobs", async () => {
    const lead = record({ createdAt: new Date().toISOString(), idempotencyKeyHash: "a".repeat(64) });
    await saveQuote(lead);
    const store = storeOf("quote-submissions");
    const legacy = [
      `submissions/${lead.id}`,
      `outbox/${lead.id}`,
      `references/${lead.reference}`,
      `idempotency/${"a".repeat(64)}`,
    ];
    for (const key of legacy) await store.setJSON(key, { id: lead.id });
    await saveAttachment(
      lead.id,
      { id: "1", name: "roof.jpg", size: 5, type: "image/jpeg" },
      new TextEncoder().encode("bytes"),
    );
    await eraseQuote(lead, "owner");
    expect(await keysOf("quote-submissions")).toEqual([]);
  });
});

describe("the chart", () => {
  test("counts any source name, even one an object already has (constructor, __proto__, toString)", async () => {
    const names = fc.uniqueArray(
      fc.oneof(
        fc.constantFrom("constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", "prototype"),
        fc.string({ minLength: 1, maxLength: 12 }).filter((name) => name.trim() === name && name !== ""),
      ),
      { minLength: 1, maxLength: 6, selector: (name) => name.toLowerCase() },
    );
    await fc.assert(
      fc.asyncProperty(
        names,
        fc.array(fc.nat({ max: 3 }), { minLength: 6, maxLength: 6 }),
        async (sources, counts) => {
          await clearRecords();
          const expected = new Map<string, number>();
          for (const [index, name] of sources.entries()) {
            const n = (counts[index] ?? 0) + 1;
            expected.set(name.toLowerCase(), n);
            for (let k = 0; k < n; k++)
              await saveQuote(record({ createdAt: new Date().toISOString(), source: { utmSource: name } }));
          }
          const response = await stats(request(`${LIST}/stats?by=source`));
          expect(response.status).toBe(200);
          const body = (await response.json()) as LeadStats;
          const week = body.weeks.at(-1)!;
          for (const [name, n] of expected) {
            expect(Object.hasOwn(week.counts, name), name).toBe(true);
            expect(week.counts[name], name).toBe(n);
          }
          expect(Object.values(week.counts).every((value) => typeof value === "number")).toBe(true);
          expect([...body.groups].sort()).toEqual([...expected.keys()].sort());
        },
      ),
      { numRuns: 15 },
    );
  }, 120_000);
});

describe("many leads", () => {
  test(`900 leads: pages, filters, counts and changes agree with the rows`, async () => {
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

    // Status changes of old, middle and new leads show at once.
    const changed = new Map<string, string>();
    for (const position of [3, 450, 897]) {
      const id = records[position]!.id;
      const status = records[position]!.status === "won" ? "lost" : "won";
      expect((await patch(id, { status })).status).toBe(200);
      changed.set(id, status);
    }
    await check(changed);
  }, 180_000);
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
    // Of the erased leads nothing is left: no row, e-mail, key or attachment; each left a tombstone.
    const erased = quotes.filter((quote) => quote.id !== won.id).map((quote) => quote.id);
    expect((await queryRecords<{ id: string }>("SELECT id FROM leads")).map((row) => row.id)).toEqual([
      won.id,
    ]);
    expect(
      (await queryRecords<{ lead_id: string }>("SELECT DISTINCT lead_id FROM mail_jobs")).map(
        (row) => row.lead_id,
      ),
    ).toEqual([won.id]);
    expect(
      (await queryRecords<{ lead_id: string }>("SELECT lead_id FROM idempotency_keys")).map(
        (row) => row.lead_id,
      ),
    ).toEqual([won.id]);
    const tombstones = await queryRecords<{ lead_id: string; erased_by: string }>(
      "SELECT lead_id, erased_by FROM erased_leads",
    );
    expect(tombstones.map((row) => row.lead_id).sort()).toEqual([...erased].sort());
    expect(new Set(tombstones.map((row) => row.erased_by))).toEqual(new Set(["retention"]));
    expect(await keysOf("quote-submissions")).toEqual([`attachments/${won.id}/1`]);
  });
});
