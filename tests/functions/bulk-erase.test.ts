/**
 * The clean-up after a flood (POST /api/admin/leads/erase) against a real PostgreSQL: count first,
 * then erase exactly what was counted; won and completed leads stay; a quote arriving in between
 * stops it; one activity log entry names the session and the count; every lead leaves a tombstone.
 */
import { beforeEach, describe, expect, test } from "vitest";
import erase from "../../netlify/functions/admin-leads-erase.mts";
import type { QuoteRecord } from "../../netlify/lib/quote/quote-store.ts";
import { TEST_ORIGIN, useAdminSession } from "./admin-session.ts";
import { clearRecords, queryRecords, savedLead } from "./database.ts";

const session = useAdminSession();
beforeEach(clearRecords);

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.now();
const today = new Date(NOW).toISOString().slice(0, 10);

const lead = (utmSource: string, ageDays: number, status: QuoteRecord["status"] = "new") =>
  savedLead({
    createdAt: new Date(NOW - ageDays * DAY - 60_000).toISOString(),
    firstName: "Made",
    lastName: "Up",
    email: "made.up@example.co.uk",
    phone: "07700 900000",
    message: "Cheap pills",
    status,
    source: { utmSource },
  });

const call = (body: unknown, withCookie = true) =>
  erase(
    new Request(`${TEST_ORIGIN}/api/admin/leads/erase`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        Origin: TEST_ORIGIN,
        ...(withCookie ? { cookie: session.cookie } : {}),
      },
      body: JSON.stringify(body),
    }),
  );

const ids = async () =>
  (await queryRecords<{ id: string }>("SELECT id FROM leads")).map((row) => row.id).sort();

describe("erasing the leads of one source or span of days", () => {
  test("counts, then erases exactly those; won leads and other sources stay", async () => {
    const flood = await Promise.all(Array.from({ length: 5 }, () => lead("spam.example", 0)));
    const older = await Promise.all(Array.from({ length: 3 }, () => lead("spam.example", 10)));
    const kept = [await lead("google", 0), await lead("google", 0), await lead("spam.example", 0, "won")];

    const all = await call({ source: "spam.example" });
    expect(await all.json()).toEqual({ matches: 8 });
    const counted = await call({ source: "Spam.Example", from: today, to: today });
    expect(counted.status).toBe(200);
    expect(await counted.json()).toEqual({ matches: 5 });

    const wrong = await call({ source: "spam.example", from: today, to: today, confirm: 4 });
    expect(wrong.status).toBe(409);
    expect((await wrong.json()).error).toBe("5 leads match now, not 4: check the count again before erasing");
    expect(await ids()).toHaveLength(11);

    const done = await call({ source: "spam.example", from: today, to: today, confirm: 5 });
    expect(await done.json()).toEqual({ erased: 5 });
    expect(await ids()).toEqual([...older, ...kept].map((record) => record.id).sort());
    const tombstones = await queryRecords<{ lead_id: string }>("SELECT lead_id FROM erased_leads");
    expect(tombstones.map((row) => row.lead_id).sort()).toEqual(flood.map((record) => record.id).sort());
    const log = await queryRecords<{ event: string; count: number; session: string | null }>(
      "SELECT event, count, session FROM activity_log WHERE event LIKE '%erase%'",
    );
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ event: "bulk-erase", count: 5 });
    expect(log[0]!.session).toMatch(/^[0-9a-f]{8}$/);
  });

  test("a quote that arrives between the count and the erasure stops it", async () => {
    await lead("spam.example", 0);
    expect(await (await call({ source: "spam.example" })).json()).toEqual({ matches: 1 });
    await lead("spam.example", 0);
    expect((await call({ source: "spam.example", confirm: 1 })).status).toBe(409);
    expect(await ids()).toHaveLength(2);
  });

  test("needs a session, a source or a range, and a range that does not end before it starts", async () => {
    expect((await call({ source: "spam.example" }, false)).status).toBe(401);
    const empty = await call({});
    expect(empty.status).toBe(400);
    expect((await empty.json()).error).toBe("Choose a source or a range of days");
    const backwards = await call({ from: "2026-11-20", to: "2026-11-01" });
    expect((await backwards.json()).error).toBe("The range ends before it starts");
  });
});
