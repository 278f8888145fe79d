/**
 * The lead desk endpoints (docs/http-contract.md, Admin; docs/lead-desk.md) against a real
 * PostgreSQL and Blobs server: filters, search,
 * paging headers, ETag/If-Match, erasure, CSV export, the chart data, retention and quotes stored
 * before the lead desk existed.
 */
import { getStore } from "@netlify/blobs";
import type { Context } from "@netlify/functions";
import { beforeEach, describe, expect, test } from "vitest";
import contact from "../../netlify/functions/contact.mts";
import list from "../../netlify/functions/admin-contact-submissions.mts";
import one from "../../netlify/functions/admin-contact-submission.mts";
import exportCsv from "../../netlify/functions/admin-contact-submissions-export.mts";
import stats from "../../netlify/functions/admin-contact-submissions-stats.mts";
import attachment, { config as attachmentConfig } from "../../netlify/functions/admin-contact-attachment.mts";
import { routed } from "./route.ts";
import retention from "../../netlify/functions/lead-retention.mts";
import { neutralizeCell } from "../../netlify/lib/http/csv.ts";
import { eraseExpiredLeads } from "../../netlify/lib/desk/retention.ts";
import { saveAttachment } from "../../netlify/lib/quote/attachment-store.ts";
import type { QuoteRecord } from "../../netlify/lib/quote/quote-store.ts";
import { clearRecords, saveQuote } from "./database.ts";
import { LEAD_RETENTION_MONTHS } from "../../src/lib/lead-model.ts";
import { TEST_ORIGIN, useAdminSession } from "./admin-session.ts";
import { BASE, files, nextVisitorIp, quoteRequest } from "./quote-fixtures.ts";

const download = routed(attachment, attachmentConfig);

async function emptyStores() {
  await clearRecords();
  const store = getStore({ name: "quote-submissions", consistency: "strong" });
  const { blobs: entries } = await store.list();
  await Promise.all(entries.map((entry) => store.delete(entry.key)));
}

const session = useAdminSession();
beforeEach(emptyStores);

const ctx = (id?: string) => ({ params: id === undefined ? {} : { id } }) as unknown as Context;

function request(path: string, init: RequestInit & { noCookie?: boolean } = {}) {
  const headers = new Headers(init.headers);
  if (!init.noCookie) headers.set("cookie", session.cookie);
  if (init.method && init.method !== "GET" && !headers.has("origin")) headers.set("origin", TEST_ORIGIN);
  return new Request(`${BASE}${path}`, { ...init, headers });
}

const listPath = "/api/admin/contact-submissions";
const itemPath = (id: string) => `${listPath}/${id}`;

async function getList(query = "") {
  const response = await list(request(`${listPath}${query}`));
  expect(response.status, await response.clone().text()).toBe(200);
  return { response, body: (await response.json()) as { id: string; firstName: string; status: string }[] };
}

async function send(fields: Record<string, string>, extra: [string, string][] = []) {
  const response = await contact(quoteRequest({ fields, extra, clientIp: nextVisitorIp() }));
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; createdAt: string };
}

/** A record written straight to the store, as a quote stored before the lead desk looks. */
function legacyRecord(overrides: Partial<QuoteRecord> = {}): QuoteRecord {
  return {
    id: crypto.randomUUID(),
    createdAt: new Date().toISOString(),
    firstName: "Legacy",
    lastName: "Customer",
    email: "legacy@example.co.uk",
    phone: "07700 900555",
    serviceRequired: "roughcasting",
    message: "Stored before statuses existed.",
    attachments: [],
    ...overrides,
  };
}

function patch(id: string, body: unknown, headers: Record<string, string> = {}) {
  return one(
    request(itemPath(id), {
      method: "PATCH",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    }),
    ctx(id),
  );
}

describe("guards", () => {
  test("401 without a session before anything else, on every method and route", async () => {
    const id = crypto.randomUUID();
    for (const method of ["GET", "PATCH", "DELETE", "PUT"]) {
      const response = await one(request(itemPath(id), { method, noCookie: true }), ctx(id));
      expect(response.status).toBe(401);
    }
    expect((await exportCsv(request(`${listPath}/export.csv`, { noCookie: true }))).status).toBe(401);
    expect((await stats(request(`${listPath}/stats`, { noCookie: true }))).status).toBe(401);
    expect((await list(request(listPath, { noCookie: true }))).status).toBe(401);
  });

  test("403 for a foreign Origin on PATCH and DELETE; 405 for other methods", async () => {
    const { id } = await send({ firstName: "Guarded" });
    const foreign = { origin: "https://evil.example" };
    expect((await one(request(itemPath(id), { method: "DELETE", headers: foreign }), ctx(id))).status).toBe(
      403,
    );
    const patched = await one(
      request(itemPath(id), {
        method: "PATCH",
        headers: { ...foreign, "content-type": "application/json" },
        body: "{}",
      }),
      ctx(id),
    );
    expect(patched.status).toBe(403);
    const put = await one(request(itemPath(id), { method: "PUT" }), ctx(id));
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET, PATCH, DELETE");
    expect((await exportCsv(request(`${listPath}/export.csv`, { method: "POST" }))).status).toBe(405);
    expect((await stats(request(`${listPath}/stats`, { method: "POST" }))).status).toBe(405);
    expect((await list(request(listPath, { method: "POST" }))).status).toBe(405);
    expect((await getList()).body.map((s) => s.id)).toEqual([id]);
  });
});

describe("GET list: filters, search, paging", () => {
  test("new quotes are `new` with no notes; the list filters by status and service", async () => {
    const a = await send({ firstName: "Alasdair", serviceRequired: "roof-repairs" });
    const b = await send({ firstName: "Beathag", serviceRequired: "guttering" });
    const c = await send({ firstName: "Calum", serviceRequired: "guttering" });
    expect((await patch(b.id, { status: "won" })).status).toBe(200);

    const all = await getList();
    expect(all.body.map((s) => s.id)).toEqual([c.id, b.id, a.id]);
    expect(all.response.headers.get("x-total-count")).toBe("3");
    expect(all.response.headers.get("link")).toBeNull();
    expect(all.body[0]).toMatchObject({ status: "new", notes: [], reference: expect.stringMatching(/^Q-/) });

    const guttering = await getList("?service=guttering");
    expect(guttering.body.map((s) => s.id)).toEqual([c.id, b.id]);
    const won = await getList("?status=won");
    expect(won.body.map((s) => s.id)).toEqual([b.id]);
    expect(won.response.headers.get("x-total-count")).toBe("1");
    const newGuttering = await getList("?status=new&service=guttering");
    expect(newGuttering.body.map((s) => s.id)).toEqual([c.id]);

    expect((await list(request(`${listPath}?status=maybe`))).status).toBe(400);
    expect((await list(request(`${listPath}?limit=0`))).status).toBe(400);
    expect((await list(request(`${listPath}?cursor=%%%`))).status).toBe(400);
  });

  test("search finds by name, e-mail, phone (any spacing), reference and message words", async () => {
    const target = await send({
      firstName: "Isobel",
      lastName: "Drummond",
      email: "isobel.d@example.scot",
      phone: "07700 900777",
      message: "The lead flashing round the chimney stack is lifting.",
    });
    await send({ firstName: "Other", message: "Gutters overflowing at the front." });
    const legacy = legacyRecord({ reference: "Q-7KXM2P", message: "Old one about a conservatory roof." });
    await saveQuote(legacy);

    for (const q of [
      "drummond",
      "ISOBEL D",
      "isobel.d@example",
      "07700900777",
      "900 777",
      "chimney lifting",
    ]) {
      const { body, response } = await getList(`?q=${encodeURIComponent(q)}`);
      expect(
        body.map((s) => s.id),
        q,
      ).toEqual([target.id]);
      expect(response.headers.get("x-total-count")).toBe("1");
    }
    expect((await getList("?q=q-7kxm2p")).body.map((s) => s.id)).toEqual([legacy.id]);
    expect((await getList("?q=conservatory")).body.map((s) => s.id)).toEqual([legacy.id]);
    expect((await getList("?q=nobody-has-this")).body).toEqual([]);
  });

  test("pages newest first with X-Total-Count and Link rel=next until the last page", async () => {
    const base = Date.UTC(2026, 0, 10);
    const records = Array.from({ length: 7 }, (_, index) =>
      legacyRecord({ firstName: `P${index}`, createdAt: new Date(base + index * 3_600_000).toISOString() }),
    );
    for (const record of records) await saveQuote(record);
    const expected = [...records].reverse().map((record) => record.id);

    const seen: string[] = [];
    let next: string | null = `${listPath}?limit=3&service=roughcasting`;
    let pages = 0;
    while (next) {
      const response = await list(request(next));
      expect(response.status).toBe(200);
      expect(response.headers.get("x-total-count")).toBe("7");
      seen.push(...((await response.json()) as { id: string }[]).map((s) => s.id));
      const link = response.headers.get("link");
      next = link ? /^<([^>]+)>; rel="next"$/.exec(link)![1]! : null;
      if (next) expect(next).toContain("service=roughcasting");
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(expected);
    const capped = await list(request(`${listPath}?limit=5000`));
    expect(((await capped.json()) as unknown[]).length).toBe(7);
  });

  test("quotes sent at the same moment are all in the index", async () => {
    await getList();
    const sent = await Promise.all(
      Array.from({ length: 8 }, (_, index) => send({ firstName: `Same${index}` })),
    );
    const { body, response } = await getList();
    expect(response.headers.get("x-total-count")).toBe("8");
    expect(body.map((s) => s.id).sort()).toEqual(sent.map((s) => s.id).sort());
  });

  test("quotes stored before the lead desk (no index, no status) are listed and can be changed", async () => {
    const older = legacyRecord({ createdAt: "2025-03-01T10:00:00.000Z" });
    const newer = legacyRecord({ createdAt: "2026-02-01T10:00:00.000Z", firstName: "Newer" });
    await saveQuote(older);
    await saveQuote(newer);
    const { body, response } = await getList();
    expect(body.map((s) => s.id)).toEqual([newer.id, older.id]);
    expect(response.headers.get("x-total-count")).toBe("2");
    expect(body[1]).toMatchObject({ status: "new", notes: [], source: null, firstName: "Legacy" });
    expect((await patch(older.id, { status: "lost" })).status).toBe(200);
    expect((await getList("?status=lost")).body.map((s) => s.id)).toEqual([older.id]);
  });
});

describe("GET, PATCH one lead", () => {
  test("GET answers the submission with an ETag; 404 for unknown or malformed ids", async () => {
    const { id } = await send({ firstName: "Eilidh" });
    const response = await one(request(itemPath(id)), ctx(id));
    expect(response.status).toBe(200);
    expect(response.headers.get("etag")).toMatch(/^"[\w-]+"$/);
    expect(await response.json()).toMatchObject({ id, firstName: "Eilidh", status: "new" });
    const unknown = crypto.randomUUID();
    expect((await one(request(itemPath(unknown)), ctx(unknown))).status).toBe(404);
    expect((await one(request(itemPath("..%2Fx")), ctx("../x"))).status).toBe(404);
    expect((await one(request(itemPath("%E0%A4%A")), ctx())).status).toBe(404);
  });

  test("PATCH sets the status, appends dated notes, and a stale If-Match gets 412", async () => {
    const { id } = await send({ firstName: "Fionn" });
    const etag = (await one(request(itemPath(id)), ctx(id))).headers.get("etag")!;

    const first = await patch(
      id,
      { status: "contacted", note: "Called, visiting Tue 10am" },
      { "if-match": etag },
    );
    expect(first.status).toBe(200);
    const firstEtag = first.headers.get("etag")!;
    expect(firstEtag).not.toBe(etag);
    const body = (await first.json()) as { status: string; notes: { at: string; text: string }[] };
    expect(body.status).toBe("contacted");
    expect(body.notes).toEqual([
      { at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/), text: "Called, visiting Tue 10am" },
    ]);

    // A second device still holding the first ETag.
    const stale = await patch(id, { status: "lost" }, { "if-match": etag });
    expect(stale.status).toBe(412);
    expect(stale.headers.get("etag")).toBe(firstEtag);
    const after = (await (await one(request(itemPath(id)), ctx(id))).json()) as { status: string };
    expect(after.status).toBe("contacted");

    const second = await patch(id, { note: "Quote posted" }, { "if-match": firstEtag });
    expect(second.status).toBe(200);
    const notes = ((await second.json()) as { notes: { text: string }[] }).notes.map((note) => note.text);
    expect(notes).toEqual(["Called, visiting Tue 10am", "Quote posted"]);
    expect((await getList("?status=contacted")).body.map((s) => s.id)).toEqual([id]);
  });

  test("PATCH refuses bad bodies with 400 and unknown leads with 404", async () => {
    const { id } = await send({ firstName: "Greer" });
    expect((await patch(id, { status: "maybe" })).status).toBe(400);
    expect((await patch(id, {})).status).toBe(400);
    expect((await patch(id, { note: "   " })).status).toBe(400);
    expect((await patch(id, { note: "x".repeat(2001) })).status).toBe(400);
    expect((await patch(id, { status: "won", colour: "red" })).status).toBe(400);
    const unknown = crypto.randomUUID();
    expect((await patch(unknown, { status: "won" })).status).toBe(404);
    const record = (await (await one(request(itemPath(id)), ctx(id))).json()) as {
      status: string;
      notes: unknown[];
    };
    expect(record).toMatchObject({ status: "new", notes: [] });
  });

  test("concurrent notes from two devices without If-Match are both kept", async () => {
    const { id } = await send({ firstName: "Hamish" });
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, index) => patch(id, { note: `note ${index}` })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const body = (await (await one(request(itemPath(id)), ctx(id))).json()) as { notes: { text: string }[] };
    expect(body.notes.map((note) => note.text).sort()).toEqual([
      "note 0",
      "note 1",
      "note 2",
      "note 3",
      "note 4",
    ]);
  });
});

describe("DELETE", () => {
  test("204; the record, its index row and every attachment are gone (attachment URLs 404)", async () => {
    const response = await contact(
      quoteRequest({
        fields: { firstName: "Ishbel" },
        attachments: [
          { name: "front.jpg", bytes: files.jpeg(4000) },
          { name: "plan.pdf", bytes: files.pdf(3000) },
        ],
      }),
    );
    const { id } = (await response.json()) as { id: string };
    const keep = await send({ firstName: "Kept" });
    const [listed] = (await getList(`?q=ishbel`)).body as unknown as { attachments: { url: string }[] }[];
    const urls = listed!.attachments.map((attachment) => attachment.url);
    expect(urls).toHaveLength(2);
    expect((await download(request(urls[0]!))).status).toBe(200);

    const deleted = await one(request(itemPath(id), { method: "DELETE" }), ctx(id));
    expect(deleted.status).toBe(204);
    for (const url of urls) expect((await download(request(url))).status).toBe(404);
    const { blobs: left } = await getStore({ name: "quote-submissions", consistency: "strong" }).list();
    expect(left.filter((entry) => entry.key.includes(id))).toEqual([]);
    expect((await one(request(itemPath(id)), ctx(id))).status).toBe(404);
    const after = await getList();
    expect(after.body.map((s) => s.id)).toEqual([keep.id]);
    expect(after.response.headers.get("x-total-count")).toBe("1");
    expect((await one(request(itemPath(id), { method: "DELETE" }), ctx(id))).status).toBe(404);
  });
});

describe("GET export.csv", () => {
  test("UTF-8 with BOM, every page of the filter, formula cells neutralised", async () => {
    await send({ firstName: "Not", serviceRequired: "roof-repairs" });
    const base = Date.UTC(2026, 1, 1);
    for (let index = 0; index < 60; index++) {
      await saveQuote(
        legacyRecord({
          createdAt: new Date(base + index * 60_000).toISOString(),
          firstName: index === 59 ? '=HYPERLINK("http://x")' : `Row${index}`,
          lastName: index === 59 ? "+SUM(A1)" : "Smith",
          message: index === 59 ? '-2+3, "quoted"\nsecond line' : "Plain message.",
          phone: index === 59 ? "@07700 900111" : "07700 900222",
        }),
      );
    }
    const response = await exportCsv(request(`${listPath}/export.csv?service=roughcasting`));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const lines = text.split("\r\n").filter(Boolean);
    expect(lines[0]).toMatch(/^Reference,Received,Status,First name,Last name,E-mail,Phone,Service,Message/);
    // 60 matches over two pages of the list: every one is exported, none of the other service.
    expect(text).not.toContain("Not,");
    expect(text.match(/Row\d+/g)).toHaveLength(59);
    expect(text).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(text).toContain(",'+SUM(A1),");
    expect(text).toContain(",'@07700 900111,");
    expect(text).toContain(`"'-2+3, ""quoted""\nsecond line"`);
    expect((await exportCsv(request(`${listPath}/export.csv?status=nope`))).status).toBe(400);
  });

  test("neutralizeCell covers = + - @ tab and CR, and leaves other text alone", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"])
      expect(neutralizeCell(`${start}1`)).toBe(`'${start}1`);
    expect(neutralizeCell("07700 900123")).toBe("07700 900123");
    expect(neutralizeCell("")).toBe("");
  });
});

describe("source", () => {
  test("the quote's source is validated, bounded and shown in the detail and the CSV", async () => {
    const source = {
      landingPage: "/services/roof-repairs?utm_source=google",
      referrer: "WWW.Google.co.uk",
      utmSource: "google",
      utmMedium: "cpc",
      utmCampaign: `spring\u0000-${"x".repeat(300)}`,
      extra: "dropped",
    };
    const { id } = await send({ firstName: "Sourced" }, [["source", JSON.stringify(source)]]);
    const body = (await (await one(request(itemPath(id)), ctx(id))).json()) as {
      source: Record<string, string>;
    };
    expect(body.source).toEqual({
      landingPage: "/services/roof-repairs?utm_source=google",
      referrer: "www.google.co.uk",
      utmSource: "google",
      utmMedium: "cpc",
      utmCampaign: `spring-${"x".repeat(93)}`,
    });

    const bad = await send({ firstName: "Badsource" }, [
      ["source", JSON.stringify({ landingPage: "https://evil.example/", referrer: "not a host/" })],
    ]);
    const badBody = (await (await one(request(itemPath(bad.id)), ctx(bad.id))).json()) as { source: unknown };
    expect(badBody.source).toBeNull();
    const notJson = await send({ firstName: "Notjson" }, [["source", "{oops"]]);
    expect(
      ((await (await one(request(itemPath(notJson.id)), ctx(notJson.id))).json()) as { source: unknown })
        .source,
    ).toBeNull();

    const csv = await (await exportCsv(request(`${listPath}/export.csv?q=sourced`))).text();
    expect(csv).toContain("/services/roof-repairs?utm_source=google,www.google.co.uk,google,cpc,spring-");
  });
});

describe("stats", () => {
  test("leads per week for 12 weeks by service and by source, and the new count", async () => {
    const now = Date.now();
    await send({ firstName: "Week", serviceRequired: "guttering" }, [
      ["source", JSON.stringify({ referrer: "www.bing.com" })],
    ]);
    await saveQuote(legacyRecord({ createdAt: new Date(now - 7 * 86_400_000).toISOString(), status: "won" }));
    await saveQuote(legacyRecord({ createdAt: new Date(now - 200 * 86_400_000).toISOString() }));
    const response = await stats(request(`${listPath}/stats?by=service`));
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      weeks: { start: string; counts: Record<string, number> }[];
      groups: string[];
      newCount: number;
      total: number;
    };
    expect(body.weeks).toHaveLength(12);
    expect(body.total).toBe(3);
    expect(body.newCount).toBe(2);
    expect(body.weeks.at(-1)!.counts).toEqual({ "Guttering Services": 1 });
    expect(body.weeks.at(-2)!.counts).toEqual({ Roughcasting: 1 });
    expect(body.groups.sort()).toEqual(["Guttering Services", "Roughcasting"]);
    const bySource = (await (await stats(request(`${listPath}/stats?by=source`))).json()) as typeof body;
    expect(bySource.weeks.at(-1)!.counts).toEqual({ "bing.com": 1 });
    expect(bySource.weeks.at(-2)!.counts).toEqual({ Unknown: 1 });
    expect((await stats(request(`${listPath}/stats?by=colour`))).status).toBe(400);
  });
});

describe("retention", () => {
  test(`erases non-won leads older than ${LEAD_RETENTION_MONTHS} months with attachments; keeps won and recent ones`, async () => {
    const now = Date.UTC(2026, 10, 23, 12);
    const old = new Date(Date.UTC(2025, 10, 20)).toISOString();
    const expired = legacyRecord({
      createdAt: old,
      firstName: "Expired",
      status: "lost",
      attachments: [{ id: "1", name: "a.jpg", size: 4, type: "image/jpeg" }],
    });
    const oldNew = legacyRecord({ createdAt: old, firstName: "OldNew" });
    const won = legacyRecord({ createdAt: old, firstName: "Won", status: "won" });
    const recent = legacyRecord({
      createdAt: new Date(Date.UTC(2025, 10, 25)).toISOString(),
      firstName: "Recent",
      status: "lost",
    });
    for (const record of [expired, oldNew, won, recent]) await saveQuote(record);
    await saveAttachment(expired.id, expired.attachments[0]!, new Uint8Array([1, 2, 3, 4]));
    // A lead already indexed as new but won since: the record decides.
    const wonSince = legacyRecord({ createdAt: old, firstName: "WonSince" });
    await saveQuote(wonSince);
    await saveQuote({ ...wonSince, status: "won" });

    expect(await eraseExpiredLeads({ now })).toEqual({ erased: 2, finished: true });
    const { blobs: left } = await getStore({ name: "quote-submissions", consistency: "strong" }).list();
    const keys = left.map((entry) => entry.key);
    expect(keys.some((key) => key.includes(expired.id))).toBe(false);
    expect(keys.some((key) => key.includes(oldNew.id))).toBe(false);
    const names = (await getList()).body.map((s) => s.firstName).sort();
    expect(names).toEqual(["Recent", "Won", "WonSince"]);
  });

  test("the scheduled function runs the retention", async () => {
    await saveQuote(legacyRecord({ createdAt: "2020-01-01T00:00:00.000Z" }));
    await saveQuote(legacyRecord({ firstName: "Today" }));
    const response = await retention();
    expect(await response.json()).toEqual({ erased: 1, records: 0, guarantees: 0, finished: true });
    expect((await getList()).body.map((s) => s.firstName)).toEqual(["Today"]);
  });
});
