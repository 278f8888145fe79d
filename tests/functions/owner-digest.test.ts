/**
 * The owner's morning digest and the lead desk's list of what is waiting (docs/reviews.md), against
 * a real Blobs server and a real SMTP server, at their edges: 24 hours for new leads, 7 days for
 * quotes, 07:00 UK time in GMT and BST, once a day, nothing when nothing is due. Retention keeps
 * completed jobs.
 */
import { getStore } from "@netlify/blobs";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import followUps from "../../netlify/functions/admin-follow-ups.mts";
import digestFunction, { config as digestConfig } from "../../netlify/functions/owner-digest.mts";
import { businessDetails } from "../../netlify/lib/business.ts";
import { dueFollowUps } from "../../netlify/lib/follow-up/due-follow-ups.ts";
import { iso } from "../../netlify/lib/http/iso-time.ts";
import { eraseQuote } from "../../netlify/lib/desk/erase-quote.ts";
import { eraseExpiredLeads } from "../../netlify/lib/desk/retention.ts";
import { runOwnerDigest } from "../../netlify/lib/follow-up/owner-digest.ts";
import { existingQuoteIds, type QuoteRecord } from "../../netlify/lib/quote/quote-store.ts";
import { clearRecords, markFailedMail, savedLead } from "./database.ts";
import type { FollowUps } from "../../src/lib/follow-up/follow-ups.ts";
import { NEW_LEAD_DUE_MS, QUOTE_DECISION_MS } from "../../src/lib/follow-up/rules.ts";
import { LEAD_RETENTION_MONTHS } from "../../src/lib/lead-model.ts";
import { adminCookie, useAdminTestEnv } from "./admin-session.ts";
import { useBlobs } from "./blobs.ts";
import { BASE } from "./quote-fixtures.ts";
import { useSmtp } from "./smtp.ts";

const SITE = "https://www.glenbrae.test";
let cookie: string;
let owner: string;

/** 07:00 BST on a summer morning is 06:00 UTC. */
const SUMMER_7AM = Date.parse("2026-07-15T06:00:00.000Z");
/** 07:00 GMT on a winter morning is 07:00 UTC. */
const WINTER_7AM = Date.parse("2026-01-15T07:00:00.000Z");
const HOUR = 60 * 60 * 1000;

async function emptyStores() {
  await clearRecords();
  const store = getStore({ name: "quote-submissions", consistency: "strong" });
  const { blobs: entries } = await store.list();
  await Promise.all(entries.map((entry) => store.delete(entry.key)));
}

useBlobs();
beforeAll(async () => {
  useAdminTestEnv();
  cookie = await adminCookie();
  owner = (await businessDetails()).email;
  process.env.SITE_URL = SITE;
});
afterAll(() => {
  delete process.env.SITE_URL;
});
beforeEach(emptyStores);
afterEach(() => vi.useRealTimers());
const smtp = useSmtp();

let counter = 0;
/** A lead stored as the lead desk keeps it. */
async function lead(overrides: Partial<QuoteRecord>): Promise<QuoteRecord> {
  counter++;
  return savedLead({
    createdAt: new Date(SUMMER_7AM - 30 * 24 * HOUR).toISOString(),
    firstName: "Lead",
    lastName: `Number${counter}`,
    email: `lead${counter}@example.co.uk`,
    phone: "07700 900555",
    message: "Slates slipped over the porch.",
    ...overrides,
  });
}

const ownerMails = () => smtp.messages.filter((m) => m.envelope.to.includes(owner));
const leadLink = (id: string) => `${SITE}/contact-admin?id=${id}`;

describe("the morning digest", () => {
  test("is scheduled every hour on the hour (UTC), so 07:00 UK time is a run in GMT and in BST", () => {
    expect(digestConfig.schedule).toBe("0 * * * *");
  });

  test("nothing due: no e-mail, and the day is recorded so later runs do not look again", async () => {
    await lead({ createdAt: iso(SUMMER_7AM - NEW_LEAD_DUE_MS + 1) });
    await lead({ status: "quoted", statusChangedAt: iso(SUMMER_7AM - QUOTE_DECISION_MS + 1) });
    await lead({ status: "won", createdAt: iso(SUMMER_7AM - 60 * 24 * HOUR) });
    expect(await runOwnerDigest(SUMMER_7AM)).toEqual({ state: "nothing-due" });
    expect(await runOwnerDigest(SUMMER_7AM + HOUR)).toEqual({ state: "done-already" });
    expect(smtp.messages).toHaveLength(0);
  });

  test("lists what is due at its edges, each with a link to the lead, once a day", async () => {
    const dueLead = await lead({ createdAt: iso(SUMMER_7AM - NEW_LEAD_DUE_MS) });
    const freshLead = await lead({ createdAt: iso(SUMMER_7AM - NEW_LEAD_DUE_MS + 1) });
    const dueQuote = await lead({ status: "quoted", statusChangedAt: iso(SUMMER_7AM - QUOTE_DECISION_MS) });
    const freshQuote = await lead({
      status: "quoted",
      // Arrived long ago, quoted only yesterday: the quote's own date counts.
      createdAt: iso(SUMMER_7AM - 40 * 24 * HOUR),
      statusChangedAt: iso(SUMMER_7AM - 24 * HOUR),
    });
    const failed = await lead({
      status: "contacted",
      notifications: [
        { kind: "owner", status: "sent", attempts: 1, sentAt: iso(SUMMER_7AM - 40 * HOUR), giveUpAt: iso(0) },
        {
          kind: "receipt",
          status: "failed",
          attempts: 1,
          error: "550 5.1.1 Mailbox unavailable",
          giveUpAt: iso(0),
        },
      ],
    });
    await markFailedMail(failed.id, SUMMER_7AM - 2 * HOUR);

    // 06:59 BST: not yet.
    expect(await runOwnerDigest(SUMMER_7AM - 1)).toEqual({ state: "not-now" });
    expect(await runOwnerDigest(SUMMER_7AM)).toEqual({ state: "sent", items: 3 });
    expect(ownerMails()).toHaveLength(1);
    const mail = ownerMails()[0]!.parsed;
    expect(mail.subject).toBe("Today: 1 lead to call, 1 quote to chase, 1 failed e-mail");
    const text = mail.text ?? "";
    for (const record of [dueLead, dueQuote, failed]) {
      expect(text).toContain(leadLink(record.id));
      expect(String(mail.html)).toContain(`href="${leadLink(record.id)}"`);
      expect(text).toContain(`${record.firstName} ${record.lastName}`);
    }
    for (const record of [freshLead, freshQuote]) expect(text).not.toContain(record.id);
    expect(text).toContain("New leads not contacted after 24 hours (1)");
    expect(text).toContain("Quotes with no decision after 7 days (1)");
    expect(text).toContain("E-mails that failed (1)");
    expect(text).toContain("Receipt to the customer: 550 5.1.1 Mailbox unavailable");
    expect(text).toContain(`${SITE}/contact-admin`);

    // Later runs that morning send nothing more.
    expect(await runOwnerDigest(SUMMER_7AM + HOUR)).toEqual({ state: "done-already" });
    expect(ownerMails()).toHaveLength(1);

    // The desk shows the same list, that morning.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(SUMMER_7AM);
    const response = await followUps(
      new Request(`${BASE}/api/admin/follow-ups`, { headers: { cookie: await adminCookie() } }),
    );
    expect(response.status).toBe(200);
    const desk = (await response.json()) as FollowUps;
    expect(desk.newLeads.items.map((item) => item.id)).toEqual([dueLead.id]);
    expect(desk.openQuotes.items.map((item) => item.id)).toEqual([dueQuote.id]);
    expect(desk.failedEmails.items.map((item) => item.id)).toEqual([failed.id]);
  });

  test("07:00 in winter is 07:00 UTC: the 06:00 UTC run waits", async () => {
    await lead({ createdAt: iso(WINTER_7AM - 3 * 24 * HOUR) });
    expect(await runOwnerDigest(WINTER_7AM - HOUR)).toEqual({ state: "not-now" });
    expect(await runOwnerDigest(WINTER_7AM)).toEqual({ state: "sent", items: 1 });
    expect(ownerMails()).toHaveLength(1);
  });

  test("a failed send is tried again at the next hourly run, until the morning is over", async () => {
    await lead({ createdAt: iso(SUMMER_7AM - 3 * 24 * HOUR) });
    smtp.setMode("refuse");
    expect(await runOwnerDigest(SUMMER_7AM)).toMatchObject({ state: "failed" });
    smtp.setMode("accept");
    expect(await runOwnerDigest(SUMMER_7AM + HOUR)).toEqual({ state: "sent", items: 1 });
    expect(ownerMails()).toHaveLength(1);
    // 12:00 BST: out of the morning window, and the next morning is a new day.
    expect(await runOwnerDigest(SUMMER_7AM + 5 * HOUR)).toEqual({ state: "not-now" });
    expect(await runOwnerDigest(SUMMER_7AM + 24 * HOUR)).toEqual({ state: "sent", items: 1 });
    expect(ownerMails()).toHaveLength(2);
  });

  test("a failed send is logged without the addresses in the server's reply; the day's record keeps it", async () => {
    await lead({ createdAt: iso(SUMMER_7AM - 3 * 24 * HOUR) });
    smtp.setMode("refuse", (recipient) => `5.1.1 <${recipient}>: Recipient address rejected`);
    const errors: string[] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      errors.push(args.map(String).join(" "));
    });
    let outcome: Awaited<ReturnType<typeof runOwnerDigest>>;
    try {
      outcome = await runOwnerDigest(SUMMER_7AM);
    } finally {
      spy.mockRestore();
    }
    expect(outcome).toMatchObject({ state: "failed" });
    expect(outcome.state === "failed" && outcome.error).toContain(owner);
    const logged = errors.filter((line) => line.includes("Owner digest of"));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/<address>.*Recipient address rejected/);
    for (const line of errors) expect(line).not.toContain(owner);
  });

  test("two runs at once send one digest", async () => {
    await lead({ createdAt: iso(SUMMER_7AM - 3 * 24 * HOUR) });
    const outcomes = await Promise.all([runOwnerDigest(SUMMER_7AM), runOwnerDigest(SUMMER_7AM)]);
    expect(outcomes.map((o) => o.state).sort()).toEqual(["done-already", "sent"]);
    expect(ownerMails()).toHaveLength(1);
  });

  test("without SMTP_URL nothing is claimed; the function answers its outcome", async () => {
    await lead({ createdAt: iso(SUMMER_7AM - 3 * 24 * HOUR) });
    delete process.env.SMTP_URL;
    expect(await runOwnerDigest(SUMMER_7AM)).toEqual({ state: "not-configured" });
    const response = await digestFunction();
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ sent: false, items: 0 });
  });

  test("many overdue new leads: the newest are listed and the rest counted", async () => {
    for (let index = 0; index < 25; index++)
      await lead({ createdAt: iso(SUMMER_7AM - NEW_LEAD_DUE_MS - index * HOUR) });
    await lead({ createdAt: iso(SUMMER_7AM - HOUR) });
    const response = await followUps(new Request(`${BASE}/api/admin/follow-ups`, { headers: { cookie } }));
    const desk = (await response.json()) as FollowUps;
    // Real time is after these dates: every one of the 25 is overdue, the newest arrival too.
    expect(desk.newLeads.total).toBe(26);
    expect(desk.newLeads.items).toHaveLength(20);
    expect(await runOwnerDigest(SUMMER_7AM)).toEqual({ state: "sent", items: 25 });
    expect(ownerMails()[0]!.parsed.text).toContain("…and 5 more in the lead desk.");
  });

  test("the desk's list needs a session", async () => {
    const response = await followUps(new Request(`${BASE}/api/admin/follow-ups`));
    expect(response.status).toBe(401);
  });
});

describe("erasure", () => {
  test("an erased lead leaves nothing on the follow-up list", async () => {
    const failedMail = (): QuoteRecord["notifications"] => [
      { kind: "owner", status: "failed", attempts: 1, error: "550 Mailbox unavailable", giveUpAt: iso(0) },
    ];
    const failed = await lead({ createdAt: iso(SUMMER_7AM - 3 * 24 * HOUR), notifications: failedMail() });
    const other = await lead({ createdAt: iso(SUMMER_7AM - 3 * 24 * HOUR), notifications: failedMail() });
    await markFailedMail(failed.id, SUMMER_7AM - HOUR);
    await markFailedMail(other.id, SUMMER_7AM - HOUR);
    const listed = async () => (await dueFollowUps(SUMMER_7AM)).failedEmails.items.map((item) => item.id);
    expect((await listed()).sort()).toEqual([failed.id, other.id].sort());
    await eraseQuote(failed, "owner");
    expect(await listed()).toEqual([other.id]);
  });
});

describe("retention", () => {
  test(`keeps completed jobs older than ${LEAD_RETENTION_MONTHS} months, as it keeps won ones`, async () => {
    const now = Date.UTC(2026, 10, 23, 12);
    const old = iso(Date.UTC(2025, 5, 1));
    const completed = await lead({
      createdAt: old,
      status: "completed",
      completedAt: iso(Date.UTC(2025, 6, 1)),
    });
    const lost = await lead({ createdAt: old, status: "lost" });
    expect((await eraseExpiredLeads({ now })).erased).toBe(1);
    const kept = await existingQuoteIds([completed.id, lost.id]);
    expect(kept.has(completed.id)).toBe(true);
    expect(kept.has(lost.id)).toBe(false);
  });
});
