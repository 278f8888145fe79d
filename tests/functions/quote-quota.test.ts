/**
 * Stored quotes per client (docs/security.md, "Quotes per client") against a real PostgreSQL:
 * 20 per IPv4 address or IPv6 /64 and 60 per IPv6 /48 in 24 hours, then 429 with Retry-After; a
 * refusal stores nothing and charges nothing, retries of a stored quote and honeypot hits cost nothing.
 */
import type { Context } from "@netlify/functions";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import contact from "../../netlify/functions/contact.mts";
import {
  QUOTE_WINDOW_MS,
  QUOTES_PER_CLIENT,
  QUOTES_PER_WIDER_NETWORK,
} from "../../netlify/lib/limits/quote-quota.ts";
import { QUOTE_QUOTA_MESSAGE } from "../../src/lib/quote/quota-messages.ts";
import { CLIENT_MAX_FILES, quotaClient } from "../../netlify/lib/limits/upload-quota.ts";
import { useAdminTestEnv } from "./admin-session.ts";
import { useBlobs } from "./blobs.ts";
import { ledgerCharges } from "./database.ts";
import { closedPortUrl } from "./smtp.ts";
import { files, quoteKeys, quoteRequest, storedKeys, type QuoteOptions } from "./quote-fixtures.ts";
import { backgroundWork } from "./background.ts";

useBlobs();
beforeEach(() => useAdminTestEnv());
afterEach(() => {
  vi.useRealTimers();
  delete process.env.NETLIFY_LOCAL;
  delete process.env.QUOTA_EXEMPT_LOOPBACK;
  delete process.env.SMTP_URL;
});

/** Work the handler left running after its answer (the quote's e-mails), as waitUntil holds it. */
const { waitUntil, settle } = backgroundWork();
const contextFor = (ip: string) => ({ ip, waitUntil }) as unknown as Context;
const post = (ip: string, options: QuoteOptions = {}) => contact(quoteRequest(options), contextFor(ip));

async function fill(ip: (i: number) => string, count = QUOTES_PER_CLIENT) {
  for (let i = 0; i < count; i += 1) expect((await post(ip(i))).status).toBe(201);
}

describe("quotes per client", () => {
  test(`${QUOTES_PER_CLIENT} stored quotes, then 429 with Retry-After and nothing stored; other clients unaffected; room again after 24 hours`, async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const ip = "203.0.113.20";
    await fill(() => ip);
    const before = await storedKeys();

    const refused = await post(ip);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: QUOTE_QUOTA_MESSAGE });
    expect(QUOTE_QUOTA_MESSAGE).toMatch(/call us or message us on WhatsApp/);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(QUOTE_WINDOW_MS / 1000 - 60);
    expect(retryAfter).toBeLessThanOrEqual(QUOTE_WINDOW_MS / 1000);
    expect(await storedKeys()).toEqual(before);

    expect((await post("203.0.113.21")).status).toBe(201);

    vi.setSystemTime(Date.now() + QUOTE_WINDOW_MS + 1000);
    expect((await post(ip)).status).toBe(201);
  });

  test("an IPv6 /64 is one client: rotating the rest of the address gains nothing", async () => {
    await fill((i) => `2001:db8:20:1:${i + 1}::${i}`);
    const response = await post("2001:db8:20:1:ffff:ffff:ffff:1");
    expect(response.status).toBe(429);
    expect((await post("2001:db8:20:2::1")).status).toBe(201);
  });

  test(`an IPv6 /48 stores at most ${QUOTES_PER_WIDER_NETWORK} quotes across its /64s: the next /64 gets the same 429, is charged nothing, and room comes back after 24 hours`, async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const subnets = QUOTES_PER_WIDER_NETWORK / QUOTES_PER_CLIENT;
    expect(Number.isInteger(subnets)).toBe(true);
    for (let subnet = 1; subnet <= subnets; subnet += 1) await fill(() => `2001:db8:48:${subnet}::1`);
    const before = await storedKeys();

    const fresh = "2001:db8:48:99::7";
    const refused = await post(fresh);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: QUOTE_QUOTA_MESSAGE });
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(QUOTE_WINDOW_MS / 1000 - 120);
    expect(retryAfter).toBeLessThanOrEqual(QUOTE_WINDOW_MS / 1000);
    expect(await storedKeys()).toEqual(before);
    // The /64 was charged nothing: its ledger holds no quote.
    const own = await quotaClient(new Request("http://localhost/api/contact"), { ip: fresh });
    expect(await ledgerCharges("quotes", own.key)).toEqual([]);

    // Another /48, and IPv4, are not affected.
    expect((await post("2001:db8:49:1::1")).status).toBe(201);
    expect((await post("203.0.113.48")).status).toBe(201);

    vi.setSystemTime(Date.now() + QUOTE_WINDOW_MS + 1000);
    expect((await post(fresh)).status).toBe(201);
  });

  test("a retried submit of a stored quote (same idempotency key) and honeypot hits are not charged", async () => {
    const ip = "203.0.113.22";
    const first = await post(ip, { idempotencyKey: "quota-retry-0123456789" });
    expect(first.status).toBe(201);
    for (let i = 0; i < 5; i += 1) {
      const again = await post(ip, { idempotencyKey: "quota-retry-0123456789" });
      expect(again.status).toBe(201);
      expect((await again.json()).id).toBe((await first.clone().json()).id);
    }
    for (let i = 0; i < 5; i += 1) {
      const robot = quoteRequest();
      const form = await robot.formData();
      form.set("website", "http://spam.example");
      const hit = await contact(new Request(robot.url, { method: "POST", body: form }), contextFor(ip));
      expect(hit.status).toBe(201);
    }
    // One charge so far: 19 more fit.
    await fill(() => ip, QUOTES_PER_CLIENT - 1);
    expect((await post(ip)).status).toBe(429);
  });

  test("a quote refused by the attachment quota gives its charge back", async () => {
    const ip = "203.0.113.23";
    // Use up the attachment quota with one quote of files…
    const attachments = Array.from({ length: 5 }, (_, i) => ({ name: `p${i}.jpg`, bytes: files.jpeg(1000) }));
    for (let sent = 0; sent + 5 <= CLIENT_MAX_FILES; sent += 5) {
      expect((await post(ip, { attachments })).status).toBe(201);
    }
    const quotesSoFar = CLIENT_MAX_FILES / 5;
    // …then quotes with files are refused by it, and cost no quote.
    for (let i = 0; i < QUOTES_PER_CLIENT; i += 1) expect((await post(ip, { attachments })).status).toBe(429);
    await fill(() => ip, QUOTES_PER_CLIENT - quotesSoFar);
    const refused = await post(ip);
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toBe(QUOTE_QUOTA_MESSAGE);
  });

  test("local test runs: loopback exempt under QUOTA_EXEMPT_LOOPBACK, unless X-Test-Quota: enforce", async () => {
    process.env.NETLIFY_LOCAL = "true";
    process.env.QUOTA_EXEMPT_LOOPBACK = "true";
    // Under the Netlify CLI e-mail defaults to a local MailDev: point it at a closed port instead.
    process.env.SMTP_URL = await closedPortUrl();
    const stored = (await quoteKeys()).length;
    await fill(() => "127.0.0.1", QUOTES_PER_CLIENT + 3);
    await settle();
    expect((await quoteKeys()).length).toBe(stored + QUOTES_PER_CLIENT + 3);

    const enforce = () => {
      const request = quoteRequest();
      request.headers.set("X-Test-Quota", "enforce");
      return contact(request, contextFor("127.0.0.1"));
    };
    const statuses: number[] = [];
    for (let i = 0; i <= QUOTES_PER_CLIENT; i += 1) statuses.push((await enforce()).status);
    await settle();
    expect(statuses.slice(0, QUOTES_PER_CLIENT).every((status) => status === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
