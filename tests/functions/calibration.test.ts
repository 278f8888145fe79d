/**
 * Price guide calibration on the lead desk, against a real PostgreSQL and Blobs server: the guide a lead carries is
 * in its detail and the CSV; a quoted lead takes the amount quoted (PATCH `quotedAmount`); the desk's
 * table compares the amounts with the guide's midpoint per job and follows status changes and
 * erasure.
 */
import { getStore } from "@netlify/blobs";
import type { Context } from "@netlify/functions";
import { readFileSync } from "node:fs";
import { parse } from "yaml";
import { beforeEach, describe, expect, test } from "vitest";
import contact from "../../netlify/functions/contact.mts";
import one from "../../netlify/functions/admin-contact-submission.mts";
import calibration from "../../netlify/functions/admin-contact-submissions-calibration.mts";
import exportCsv from "../../netlify/functions/admin-contact-submissions-export.mts";
import { PriceGuideSchema } from "../../src/lib/price-guide/guide-schema.ts";
import { computeBand } from "../../src/lib/price-guide/band.ts";
import { calibrate, type Calibration, type CalibrationPoint } from "../../src/lib/price-guide/calibration.ts";
import { guideShownText } from "../../src/lib/price-guide/format.ts";
import { TEST_ORIGIN, useAdminSession } from "./admin-session.ts";
import { clearRecords } from "./database.ts";
import { BASE, quoteRequest } from "./quote-fixtures.ts";

const session = useAdminSession();
beforeEach(async () => {
  await clearRecords();
  const store = getStore({ name: "quote-submissions", consistency: "strong" });
  const { blobs: entries } = await store.list();
  await Promise.all(entries.map((entry) => store.delete(entry.key)));
});

const guide = PriceGuideSchema.parse(
  (parse(readFileSync("content/price-guide.yaml", "utf8")) as { guide: unknown }).guide,
);
const job = guide.jobs.find((candidate) => candidate.bands.semi.high !== undefined && candidate.finish)!;
const answers = {
  job: job.id,
  property: "semi",
  ...(job.usesStoreys ? { storeys: guide.propertyTypes.semi.usualStoreys } : {}),
  ...(job.usesAccess ? { access: guide.access[0]!.id } : {}),
  finish: job.finish!.choices.find((choice) => !choice.photosNeeded)!.id,
};
const band = (() => {
  const result = computeBand(guide, answers);
  if (!result.ok) throw new Error(result.message);
  return result.band;
})();

const ctx = (id: string) => ({ params: { id } }) as unknown as Context;
const path = (id: string) => `/api/admin/contact-submissions/${id}`;

function request(id: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("cookie", session.cookie);
  if (init.method && init.method !== "GET") headers.set("origin", TEST_ORIGIN);
  if (init.body) headers.set("content-type", "application/json");
  // The export and the table are functions of their own beside the one for a lead.
  const handler = id === "export.csv" ? exportCsv : id === "calibration" ? calibration : one;
  return handler(new Request(`${BASE}${path(id)}`, { ...init, headers }), ctx(id));
}

const patch = (id: string, body: unknown, etag?: string) =>
  request(id, { method: "PATCH", body: JSON.stringify(body), headers: etag ? { "If-Match": etag } : {} });

async function sendQuote(withGuide = true): Promise<string> {
  const response = await contact(
    quoteRequest(withGuide ? { extra: [["estimate", JSON.stringify(answers)]] } : {}),
  );
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function table(): Promise<Calibration> {
  const response = await request("calibration");
  expect(response.status).toBe(200);
  return (await response.json()) as Calibration;
}

describe("the lead carries the guide shown", () => {
  test("in its detail and in the CSV", async () => {
    const id = await sendQuote();
    const detail = await (await request(id)).json();
    expect(detail.estimate).toMatchObject({ job: job.id, low: band.low, high: band.high, answers });
    expect(detail.quotedAmount).toBeNull();

    const csv = await (await request("export.csv")).text();
    const [header, row] = csv.replace(/^\uFEFF/, "").split("\r\n");
    expect(header).toMatch(/,Guide shown,Quoted \(£\)$/);
    expect(row).toContain(guideShownText(band));
    expect(row).toContain(job.label);
  });
});

describe("PATCH quotedAmount", () => {
  test("is refused until the lead is quoted, then stored with the date, changing the ETag", async () => {
    const id = await sendQuote();
    const early = await patch(id, { quotedAmount: 4000 });
    expect(early.status).toBe(400);
    expect((await early.json()).fieldErrors.quotedAmount[0]).toMatch(/Quote sent/);

    const quoted = await patch(id, { status: "quoted" });
    const etag = quoted.headers.get("etag")!;
    const response = await patch(id, { quotedAmount: 4321 }, etag);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.quotedAmount).toBe(4321);
    expect(Date.parse(body.quotedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(response.headers.get("etag")).not.toBe(etag);
    // The old ETag is stale now.
    expect((await patch(id, { quotedAmount: 4400 }, etag)).status).toBe(412);

    const csv = await (await request("export.csv")).text();
    expect(csv.split("\r\n")[1]).toMatch(/,4321$/);
  });

  test("status and amount in one change", async () => {
    const id = await sendQuote();
    const response = await patch(id, { status: "won", quotedAmount: 5000 });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "won", quotedAmount: 5000 });
  });

  test.each([[0], [-5], [12.5], ["5000"], [500_001], [null], [true]])("refuses %j", async (amount) => {
    const id = await sendQuote();
    await patch(id, { status: "quoted" });
    const response = await patch(id, { quotedAmount: amount });
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors.quotedAmount[0]).toMatch(/whole pounds/);
  });

  test("a lead without a guide takes an amount too, but has no place in the table", async () => {
    const id = await sendQuote(false);
    expect((await patch(id, { status: "quoted", quotedAmount: 3000 })).status).toBe(200);
    expect((await table()).rows).toEqual([]);
  });
});

describe("the calibration table", () => {
  test("compares the amounts quoted with the guide's midpoint, per job", async () => {
    const midpoint = (band.low + band.high!) / 2;
    const outside = band.high! + 100;
    const first = await sendQuote();
    const second = await sendQuote();
    await sendQuote(); // not quoted: not counted
    await patch(first, { status: "quoted", quotedAmount: outside });
    await patch(second, { status: "won", quotedAmount: band.low });

    const result = await table();
    expect(result.months).toBe(12);
    expect(result.rows).toHaveLength(1);
    const [row] = result.rows;
    expect(row).toMatchObject({ job: job.id, label: job.label, quotes: 2, inBand: 1 });
    expect(row!.guideMidpoint).toBe(Math.round(midpoint));
    expect(row!.quotedAverage).toBe(Math.round((outside + band.low) / 2));

    // Back to Contacted: the lead leaves the table. Erased: it leaves too.
    await patch(first, { status: "contacted" });
    expect((await table()).rows[0]).toMatchObject({ quotes: 1 });
    expect((await request(second, { method: "DELETE" })).status).toBe(204);
    expect((await table()).rows).toEqual([]);
  });

  test("only GET", async () => {
    expect((await request("calibration", { method: "DELETE" })).status).toBe(405);
  });
});

describe("calibrate (the table's arithmetic)", () => {
  const now = Date.parse("2026-06-01T12:00:00Z");
  const point = (overrides: Partial<CalibrationPoint>): CalibrationPoint => ({
    id: crypto.randomUUID(),
    job: "roughcast",
    label: "Roughcast",
    low: 8000,
    high: 12000,
    quotedAmount: 10000,
    quotedAt: "2026-05-01T00:00:00.000Z",
    ...overrides,
  });

  test("averages, the difference from the midpoint and the review flag", () => {
    const result = calibrate(
      [
        point({ quotedAmount: 12500 }),
        point({ quotedAmount: 11500 }),
        point({ job: "gutters", label: "Gutters", low: 2000, high: 3000, quotedAmount: 2400 }),
        point({ quotedAmount: 1, quotedAt: "2025-05-31T00:00:00.000Z" }), // older than 12 months
      ],
      now,
    );
    expect(result.rows).toEqual([
      {
        job: "roughcast",
        label: "Roughcast",
        quotes: 2,
        inBand: 1,
        guideMidpoint: 10000,
        quotedAverage: 12000,
        differencePercent: 20,
        review: true,
      },
      {
        job: "gutters",
        label: "Gutters",
        quotes: 1,
        inBand: 1,
        guideMidpoint: 2500,
        quotedAverage: 2400,
        differencePercent: -4,
        review: false,
      },
    ]);
    expect(result.since).toBe("2025-06-01T12:00:00.000Z");
  });
});
