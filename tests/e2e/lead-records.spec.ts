/**
 * The lead desk through the served site (the Netlify CLI beside its PostgreSQL, as `npm start`):
 * fifty quotes sent at once are all stored at the first try and found by the desk, twenty notes on
 * one lead beside twenty new quotes are all kept, and the CSV export of thousands of
 * leads (seeded straight into the served site's database) comes through whole.
 */
import { randomBytes } from "node:crypto";
import { expect, test, type APIRequest, type APIRequestContext } from "@playwright/test";
import { closeDatabase, liftDatabaseBounds } from "../../netlify/lib/database/database.ts";
import { insertLeads, seedLeads } from "../../scripts/lib/lead-seed.ts";
import { quoteFormData } from "./helpers/quote-form";

const PASSWORD = process.env.ADMIN_PASSWORD || "admin";
/** Leads in the served export check; the benchmark runs 10,000 (docs/database.md). */
const EXPORT_LEADS = Number(process.env.E2E_EXPORT_LEADS ?? 2000);
const LIST = "/api/admin/contact-submissions";

test.describe.configure({ timeout: 300_000 });
// Both change the shared local store at scale: the `at-scale` project runs this spec once, after
// every other spec has finished (playwright.config.ts).

/** Letters only: a word no other lead has. */
const word = (prefix: string) =>
  `${prefix}${Array.from(randomBytes(8), (byte) => String.fromCharCode(97 + (byte % 26))).join("")}`;

async function adminApi(requests: APIRequest, baseURL: string): Promise<APIRequestContext> {
  const api = await requests.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  expect((await api.post("/api/admin/login", { data: { password: PASSWORD } })).status()).toBe(200);
  return api;
}

function quoteForm(lastName: string): FormData {
  return quoteFormData({
    firstName: "Fiona",
    lastName,
    email: "fiona@example.co.uk",
    phone: "07700 900321",
    serviceRequired: "roof-repairs",
    message: "Several slates slipped in last night's wind; please have a look.",
  });
}

test("50 quotes sent at once: every one is in the desk's list and search", async ({
  request,
  playwright,
  baseURL,
}) => {
  const batch = word("Burst");
  const names = Array.from(
    { length: 50 },
    (_, n) => `${batch}${String.fromCharCode(97 + Math.floor(n / 26), 97 + (n % 26))}`,
  );
  const send = (name: string) =>
    request.post("/api/contact", {
      multipart: quoteForm(name),
      headers: { "Idempotency-Key": `${name}-burst-key` },
      timeout: 120_000,
    });
  // Every one answered 201 the first time: a function starts in a fraction of a second
  // (docs/functions.md), so fifty at once fit in the local runtime's 30 s each, on two cores.
  const responses = await Promise.all(names.map(send));
  for (const [n, response] of responses.entries()) expect(response.status(), names[n]).toBe(201);
  const ids = await Promise.all(
    responses.map(async (response) => ((await response.json()) as { id: string }).id),
  );

  const api = await adminApi(playwright.request, baseURL!);
  const all = await api.get(`${LIST}?q=${batch}&limit=200`);
  expect(all.status()).toBe(200);
  expect(all.headers()["x-total-count"]).toBe("50");
  expect(((await all.json()) as { id: string }[]).map((quote) => quote.id).sort()).toEqual([...ids].sort());
  for (let start = 0; start < names.length; start += 5) {
    await Promise.all(
      names.slice(start, start + 5).map(async (name, offset) => {
        const found = await api.get(`${LIST}?q=${name}`);
        expect(found.headers()["x-total-count"], name).toBe("1");
        expect(((await found.json()) as { id: string }[])[0]?.id, name).toBe(ids[start + offset]);
      }),
    );
  }
  await api.dispose();
});

test("20 notes on one lead and 20 new quotes at once: every note and every quote is kept", async ({
  request,
  playwright,
  baseURL,
}) => {
  const api = await adminApi(playwright.request, baseURL!);
  const lead = word("Noted");
  const first = await request.post("/api/contact", { multipart: quoteForm(lead) });
  expect(first.status()).toBe(201);
  const { id } = (await first.json()) as { id: string };
  const batch = word("Beside");
  const quotes = Array.from({ length: 20 }, (_, n) => `${batch}${String.fromCharCode(97 + n)}`);
  const notes = Array.from({ length: 20 }, (_, n) => `Note ${n + 1} of 20 from the burst`);
  const answers = await Promise.all([
    ...notes.map((note) =>
      api.patch(`${LIST}/${id}`, { data: { note }, timeout: 120_000 }).then((r) => r.status()),
    ),
    ...quotes.map((name) =>
      request
        .post("/api/contact", {
          multipart: quoteForm(name),
          headers: { "Idempotency-Key": `${name}-beside-key` },
          timeout: 120_000,
        })
        .then((r) => r.status()),
    ),
  ]);
  expect(answers.slice(0, 20)).toEqual(Array(20).fill(200));
  expect(answers.slice(20)).toEqual(Array(20).fill(201));

  const detail = await api.get(`${LIST}/${id}`);
  const kept = ((await detail.json()) as { notes: { text: string }[] }).notes.map((note) => note.text);
  expect([...kept].sort()).toEqual([...notes].sort());
  const listed = await api.get(`${LIST}?q=${batch}&limit=200`);
  expect(listed.headers()["x-total-count"]).toBe("20");
  await api.dispose();
});

test(`the CSV export of ${EXPORT_LEADS} leads through the served site`, async ({
  playwright,
  baseURL,
}, testInfo) => {
  // The same leads every run (same seed, same ids), dated long ago, found by their marker.
  const marker = "Exportcheck";
  const leads = seedLeads(EXPORT_LEADS, { seed: 2024, newest: Date.UTC(2021, 0, 1), months: 12, marker });
  const records = leads.map((lead) => lead.record);
  process.env.NETLIFY_DB_URL = process.env.E2E_DATABASE_URL;
  // 1,000 leads a statement: longer than a visitor's request may take.
  liftDatabaseBounds();
  try {
    await insertLeads(leads);
  } finally {
    await closeDatabase();
  }

  const api = await adminApi(playwright.request, baseURL!);
  const listed = await api.get(`${LIST}?q=${marker}`);
  expect(listed.headers()["x-total-count"]).toBe(String(EXPORT_LEADS));

  const started = Date.now();
  const response = await api.get(`${LIST}/export.csv?q=${marker}`);
  const body = await response.body();
  const elapsed = Date.now() - started;
  expect(response.status(), body.subarray(0, 200).toString()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(response.headers()["content-disposition"]).toMatch(
    /^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/,
  );
  expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = body.subarray(3).toString("utf8");
  expect(text.startsWith("Reference,Received,Status,")).toBe(true);
  const references = text.match(/^Q-[0-9A-Z]{6},/gm) ?? [];
  expect(references).toHaveLength(EXPORT_LEADS);
  expect(new Set(references)).toEqual(new Set(records.map((record) => `${record.reference},`)));
  // Newest first.
  const dates = [...text.matchAll(/^Q-[0-9A-Z]{6},([^,]+),/gm)].map((match) => match[1]!);
  expect(dates).toEqual([...dates].sort().reverse());
  testInfo.annotations.push({
    type: "export",
    description: `${EXPORT_LEADS} leads, ${body.length} bytes in ${elapsed} ms`,
  });
  console.log(
    `Served CSV export: ${EXPORT_LEADS} leads, ${(body.length / 1e6).toFixed(2)} MB in ${elapsed} ms`,
  );
  await api.dispose();
});
