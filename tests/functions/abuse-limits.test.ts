/**
 * Abuse limits (docs/security.md, "Abuse limits") against a real PostgreSQL and Blobs server:
 * attachment quotas per client and site-wide, IPv6 /64 as one client, the site-wide login ceiling,
 * short-lived uploads and a cleanup that keeps up, and the headers of attachment downloads.
 */
import { getStore } from "@netlify/blobs";
import type { Context } from "@netlify/functions";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import contact from "../../netlify/functions/contact.mts";
import createHandler from "../../netlify/functions/uploads.mts";
import cleanupHandler from "../../netlify/functions/cleanup-uploads.mts";
import attachment, { config as attachmentConfig } from "../../netlify/functions/admin-contact-attachment.mts";
import { routed } from "./route.ts";
import session from "../../netlify/functions/admin-session.mts";
import { clientNetwork } from "../../netlify/lib/http/client-key.ts";
import {
  SITE_FAILURE_CEILING,
  SITE_FAILURE_WINDOW_MS,
  SLOWED_DELAY_MS,
  SLOWED_MAX_FAILURES,
  LOGIN_MAX_FAILURES,
} from "../../netlify/lib/admin/login-throttle.ts";
import { readQuote } from "../../netlify/lib/quote/quote-store.ts";
import {
  CLIENT_MAX_BYTES,
  CLIENT_MAX_FILES,
  CLIENT_WINDOW_MS,
  SITE_MAX_BYTES,
  SITE_WINDOW_MS,
} from "../../netlify/lib/limits/upload-quota.ts";
import {
  CLIENT_FILES_QUOTA_MESSAGE as CLIENT_QUOTA_MESSAGE,
  SITE_FILES_QUOTA_MESSAGE as SITE_QUOTA_MESSAGE,
} from "../../src/lib/quote/quota-messages.ts";
import {
  CLEANUP_BUDGET_MS,
  cleanupExpiredUploads,
  completeUpload,
  findLiveUpload,
  receivePart,
} from "../../netlify/lib/uploads/uploads.ts";
import { MAX_ATTACHMENT_BYTES } from "../../src/lib/constants.ts";
import { UPLOAD_MAX_LIFE_MS, UPLOAD_TTL_MS } from "../../src/lib/quote/upload.ts";
import { adminCookie, loginRequest, TEST_ADMIN_PASSWORD, useAdminTestEnv } from "./admin-session.ts";
import { useBlobs } from "./blobs.ts";
import { ledgerCharges, queryRecords } from "./database.ts";
import { BASE, files, quoteRequest, storedKeys } from "./quote-fixtures.ts";

const download = routed(attachment, attachmentConfig);

useBlobs();
beforeEach(() => useAdminTestEnv());
afterEach(() => vi.useRealTimers());

const contextFor = (ip: string) => ({ ip }) as unknown as Context;
const uploadsStore = () => getStore({ name: "quote-uploads", consistency: "strong" });

const create = (ip: string, size: number, name = "photo.jpg", headers: Record<string, string> = {}) =>
  createHandler(
    new Request(`${BASE}/api/uploads`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify({ name, size }),
    }),
    contextFor(ip),
  );

describe("client networks", () => {
  test.each([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["2001:db8:1:2::a", "2001:db8:1:2::/64"],
    ["2001:0DB8:0001:0002:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
    ["[2001:db8:1:2:3:4:5:6]", "2001:db8:1:2::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["2001:db8::", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["not an address", "not an address"],
  ])("%s is the client %s", (address, network) => {
    expect(clientNetwork(address)).toBe(network);
  });
});

describe("attachment quota per client", () => {
  test("a visitor sending 5 × 5 MiB twice never meets it; beyond it 429 with Retry-After, others unaffected", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const ip = "198.51.100.20";
    for (let i = 0; i < 10; i += 1) expect((await create(ip, MAX_ATTACHMENT_BYTES)).status).toBe(201);
    // 50 MiB so far: two more 5 MiB files fit the 64 MiB, a third does not.
    expect((await create(ip, MAX_ATTACHMENT_BYTES)).status).toBe(201);
    expect((await create(ip, MAX_ATTACHMENT_BYTES)).status).toBe(201);
    const refused = await create(ip, MAX_ATTACHMENT_BYTES);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: CLIENT_QUOTA_MESSAGE });
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(CLIENT_WINDOW_MS / 1000 - 60);
    expect(retryAfter).toBeLessThanOrEqual(CLIENT_WINDOW_MS / 1000);
    expect(12 * MAX_ATTACHMENT_BYTES).toBeLessThanOrEqual(CLIENT_MAX_BYTES);

    // A refusal charges nothing: a small file still fits.
    expect((await create(ip, 1000)).status).toBe(201);
    expect((await create("198.51.100.21", MAX_ATTACHMENT_BYTES)).status).toBe(201);

    vi.setSystemTime(Date.now() + retryAfter * 1000 + 1000);
    expect((await create(ip, MAX_ATTACHMENT_BYTES)).status).toBe(201);
  });

  test(`at most ${CLIENT_MAX_FILES} files per client, however small`, async () => {
    const ip = "198.51.100.30";
    for (let i = 0; i < CLIENT_MAX_FILES; i += 1) expect((await create(ip, 10)).status).toBe(201);
    const refused = await create(ip, 10);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  test("an IPv6 /64 is one client; the next /64 is another", async () => {
    const inOne64 = (i: number) => `2001:db8:aa:1:${(i * 797).toString(16)}::${i + 1}`;
    for (let i = 0; i < CLIENT_MAX_FILES; i += 1) expect((await create(inOne64(i), 10)).status).toBe(201);
    expect((await create("2001:db8:aa:1:ffff:ffff:ffff:fffe", 10)).status).toBe(429);
    expect((await create("2001:db8:aa:2::1", 10)).status).toBe(201);
  });

  test("inline attachments of quotes count against the same quota and are refused with nothing stored", async () => {
    const ip = "198.51.100.40";
    for (let i = 0; i < 15; i += 1) expect((await create(ip, 4 * 1024 * 1024)).status).toBe(201);
    const before = await storedKeys();
    const response = await contact(
      quoteRequest({ attachments: [{ name: "roof.jpg", bytes: files.jpeg(1000) }] }),
      contextFor(ip),
    );
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await storedKeys()).toEqual(before);
    // A quote without files is still taken from that client.
    expect((await contact(quoteRequest(), contextFor(ip))).status).toBe(201);
  });

  test("an upload taken by one quote cannot be committed into another; that quote's retry still can", async () => {
    const ip = "198.51.100.50";
    const finished = async (name: string) => {
      const bytes = files.jpeg(5000);
      const { uploadId } = (await (await create(ip, bytes.byteLength, name)).json()) as { uploadId: string };
      await receivePart(uploadId, "1", new Request(`${BASE}/x`, { method: "PUT", body: bytes }));
      await completeUpload(uploadId);
      return uploadId;
    };
    const [shared, broken] = [await finished("shared.jpg"), await finished("broken.jpg")];
    // The first quote takes both uploads, then fails on the second (its file is gone).
    await uploadsStore().delete(`files/${broken}`);
    const first = (ids: string[]) =>
      contact(quoteRequest({ uploadIds: ids, idempotencyKey: `first-${shared}` }), contextFor(ip));
    expect((await first([shared, broken])).status).toBe(410);

    const other = await contact(
      quoteRequest({ uploadIds: [shared], idempotencyKey: `other-${shared}` }),
      contextFor(ip),
    );
    expect(other.status).toBe(409);
    expect(((await other.json()) as { error: string }).error).toBe(
      "shared.jpg was already sent with another quote request",
    );
    // The first quote, retried with the file that still exists, goes through.
    const retried = await first([shared]);
    expect(retried.status).toBe(201);
    const { id } = (await retried.json()) as { id: string };
    expect((await readQuote(id))?.attachments.map((a) => a.name)).toEqual(["shared.jpg"]);
  });
});

describe("the local test exemption", () => {
  afterEach(() => {
    delete process.env.QUOTA_EXEMPT_LOOPBACK;
  });

  test("exempts loopback only under the Netlify CLI with QUOTA_EXEMPT_LOOPBACK, unless the request asks to be charged", async () => {
    const fill = async (ip: string, headers?: Record<string, string>) => {
      const statuses: number[] = [];
      for (let i = 0; i <= CLIENT_MAX_FILES; i += 1)
        statuses.push((await create(ip, 10, "x.jpg", headers)).status);
      return statuses.at(-1);
    };
    process.env.QUOTA_EXEMPT_LOOPBACK = "true";
    // Deployed (no NETLIFY_LOCAL): loopback is charged like anyone.
    expect(await fill("127.0.0.1")).toBe(429);

    process.env.NETLIFY_LOCAL = "true";
    expect(await fill("::1")).toBe(201);
    expect(await fill("127.0.0.5")).toBe(201);
    expect(await fill("198.51.100.200")).toBe(429);
    expect(await fill("::1", { "X-Test-Quota": "enforce" })).toBe(429);

    delete process.env.QUOTA_EXEMPT_LOOPBACK;
    expect(await fill("127.0.0.6")).toBe(429);
  });
});

const forgetRule = (rule: string) => queryRecords("DELETE FROM limit_charges WHERE rule = $1", [rule]);

describe("site-wide ceiling on attachments", () => {
  beforeEach(() => forgetRule("attachments-site"));
  afterEach(() => forgetRule("attachments-site"));

  test("past the ceiling every client gets 503 with Retry-After until the window has passed", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const perClient = Math.floor(CLIENT_MAX_BYTES / MAX_ATTACHMENT_BYTES);
    const needed = Math.floor(SITE_MAX_BYTES / MAX_ATTACHMENT_BYTES);
    for (let i = 0; i < needed; i += 1) {
      const ip = `10.20.${Math.floor(i / perClient)}.1`;
      expect((await create(ip, MAX_ATTACHMENT_BYTES)).status).toBe(201);
    }
    for (const ip of ["10.99.0.1", "2001:db8:bb::1"]) {
      const refused = await create(ip, MAX_ATTACHMENT_BYTES);
      expect(refused.status).toBe(503);
      expect(await refused.json()).toEqual({ error: SITE_QUOTA_MESSAGE });
      const retryAfter = Number(refused.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(SITE_WINDOW_MS / 1000 - 60);
      expect(retryAfter).toBeLessThanOrEqual((SITE_WINDOW_MS + 10 * 60 * 1000) / 1000);
    }
    // A refusal by the site charges the client nothing.
    expect(await ledgerCharges("attachments", await keyOf("10.99.0.1"))).toEqual([]);

    vi.setSystemTime(Date.now() + SITE_WINDOW_MS + 10 * 60 * 1000 + 1000);
    expect((await create("10.99.0.1", MAX_ATTACHMENT_BYTES)).status).toBe(201);
  }, 60_000);
});

async function keyOf(ip: string): Promise<string> {
  const { clientKey } = await import("../../netlify/lib/http/client-key.ts");
  return (await clientKey(new Request(BASE), contextFor(ip), "uploads")).key;
}

describe("upload lifetime", () => {
  test("an unfinished upload expires after an hour; completing never extends life beyond the maximum", async () => {
    const t0 = Date.now();
    const open = (await (await create("198.51.100.60", 100)).json()) as {
      uploadId: string;
      expiresAt: string;
    };
    expect(Date.parse(open.expiresAt) - t0).toBeLessThanOrEqual(UPLOAD_TTL_MS + 5000);
    await expect(findLiveUpload(open.uploadId, t0 + UPLOAD_TTL_MS + 5000)).rejects.toMatchObject({
      status: 410,
    });

    const bytes = files.png(100);
    const late = (await (await create("198.51.100.60", 100)).json()) as { uploadId: string };
    const lateAt = t0 + UPLOAD_TTL_MS - 60_000;
    const put = new Request(`${BASE}/x`, { method: "PUT", body: bytes });
    await receivePart(late.uploadId, "1", put, lateAt);
    await completeUpload(late.uploadId, lateAt);
    const record = await findLiveUpload(late.uploadId, lateAt);
    expect(Date.parse(record.expiresAt)).toBeLessThanOrEqual(
      Date.parse(record.createdAt) + UPLOAD_MAX_LIFE_MS,
    );
    await expect(
      findLiveUpload(late.uploadId, Date.parse(record.createdAt) + UPLOAD_MAX_LIFE_MS + 1000),
    ).rejects.toMatchObject({ status: 410 });
  });
});

describe("cleanup at volume", () => {
  const COUNT = 2500;
  /** The local Blobs server shares this process and a busy 2-core machine; deployed, one run does it. */
  const MAX_RUNS = 4;

  /** Writes COUNT expired uploads straight in: their records in one statement, a part each 100 at a time. */
  async function fillWithExpired(): Promise<string[]> {
    const store = uploadsStore();
    const ids = Array.from({ length: COUNT }, () => crypto.randomUUID());
    await queryRecords(
      `INSERT INTO uploads (id, name, size, part_size, part_count, created_at, expires_at, status)
       SELECT id, 'x.jpg', 10, 3145728, 1, $2, $3, 'open' FROM unnest($1::uuid[]) AS id`,
      [ids, new Date(Date.now() - 3_600_000).toISOString(), new Date(Date.now() - 60_000).toISOString()],
    );
    for (let i = 0; i < ids.length; i += 100) {
      await Promise.all(ids.slice(i, i + 100).map((id) => store.set(`parts/${id}/001`, "0123456789")));
    }
    return ids;
  }

  test(`${COUNT} expired uploads are gone after at most ${MAX_RUNS} runs, each within its ${CLEANUP_BUDGET_MS / 1000} s budget; live ones stay`, async () => {
    const expiredIds = new Set(await fillWithExpired());
    const live = (await (await create("198.51.100.70", 100)).json()) as { uploadId: string };

    // A run out of time stops safely: it takes no new work past its budget.
    const short = Date.now();
    const partial = await cleanupExpiredUploads(Date.now(), 1000);
    console.info(`cleanup with a 1 s budget: removed ${partial.removed} in ${Date.now() - short} ms`);
    expect(Date.now() - short).toBeLessThan(1000 + 5000);
    expect(partial.finished).toBe(false);
    expect(partial.removed).toBeLessThan(COUNT);

    let removed = partial.removed;
    for (let run = 0; run < MAX_RUNS; run += 1) {
      const started = Date.now();
      const response = await cleanupHandler();
      const elapsed = Date.now() - started;
      const result = (await response.json()) as { removed: number; finished: boolean };
      console.info(`cleanup run ${run + 1}: removed ${result.removed} in ${elapsed} ms`);
      expect(elapsed).toBeLessThan(CLEANUP_BUDGET_MS + 5000);
      // Each run makes headway, unless the one before removed the last just as its time ran out.
      expect(result.removed > 0 || (result.finished && removed === COUNT), JSON.stringify(result)).toBe(true);
      removed += result.removed;
      if (result.finished) break;
    }
    expect(removed).toBe(COUNT);
    const { blobs: left } = await uploadsStore().list();
    const keys = left.map((blob) => blob.key);
    expect(keys.filter((key) => expiredIds.has(key.split("/")[1]!))).toEqual([]);
    const records = (await queryRecords<{ id: string }>("SELECT id FROM uploads")).map((row) => row.id);
    expect(records.filter((id) => expiredIds.has(id))).toEqual([]);
    expect(records).toContain(live.uploadId);
  }, 180_000);
});

describe("site-wide ceiling on failed logins", () => {
  afterEach(() => forgetRule("sign-in-site"));

  test("login failures are per IPv4 address or IPv6 /64, and per IPv6 /48 as well", async () => {
    const inOne64 = (i: number) => `2001:db8:cc:7:${i + 1}::${(i * 31).toString(16)}`;
    for (let i = 0; i < LOGIN_MAX_FAILURES; i += 1) {
      expect((await loginRequest("wrong", { ip: inOne64(i) })).status).toBe(401);
    }
    const blocked = await loginRequest(TEST_ADMIN_PASSWORD, { ip: "2001:db8:cc:7:ffff::1" });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another /64 of the same /48 shares its count; another /48 does not.
    expect((await loginRequest(TEST_ADMIN_PASSWORD, { ip: "2001:db8:cc:8::1" })).status).toBe(429);
    expect((await loginRequest(TEST_ADMIN_PASSWORD, { ip: "2001:db8:cd:8::1" })).status).toBe(200);
    expect((await loginRequest("wrong", { ip: "203.0.113.80" })).status).toBe(401);
  });

  test("once crossed, every attempt is slowed and allowed fewer failures, it is logged without addresses, and both answers say so", async () => {
    const warnings: string[] = [];
    const spy = vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => {
      warnings.push(args.map(String).join(" "));
    });
    const anonymous = new Request(`${BASE}/api/admin/session`);
    expect(await (await session(anonymous)).json()).toEqual({ error: "Authentication required" });

    let last: Response | undefined;
    for (let i = 0; i < SITE_FAILURE_CEILING; i += 1) {
      const quick = Date.now();
      last = await loginRequest(`wrong-${i}`, { ip: `192.0.2.${100 + i}` });
      expect(Date.now() - quick).toBeLessThan(SLOWED_DELAY_MS);
      expect(last.status).toBe(401);
    }
    expect(await last!.json()).toEqual({ error: "Incorrect password", signInSlowed: true });
    expect(warnings.filter((w) => w.includes("slowed down"))).toHaveLength(1);
    for (const warning of warnings) {
      expect(warning).not.toMatch(/192\.0\.2\.|wrong-/);
      expect(warning).not.toContain(TEST_ADMIN_PASSWORD);
    }
    spy.mockRestore();

    const sessionAnswer = await session(new Request(`${BASE}/api/admin/session`));
    expect(sessionAnswer.status).toBe(401);
    expect(await sessionAnswer.json()).toEqual({ error: "Authentication required", signInSlowed: true });

    // A fresh client: each attempt waits, and only SLOWED_MAX_FAILURES failures are allowed.
    const ip = "198.51.100.90";
    for (let i = 0; i < SLOWED_MAX_FAILURES; i += 1) {
      const started = Date.now();
      const response = await loginRequest("wrong", { ip });
      expect(Date.now() - started).toBeGreaterThanOrEqual(SLOWED_DELAY_MS - 10);
      expect(response.status).toBe(401);
    }
    const refused = await loginRequest(TEST_ADMIN_PASSWORD, { ip });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ signInSlowed: true });
    // The right password from a client with no failures still works, slowly.
    const started = Date.now();
    expect((await loginRequest(TEST_ADMIN_PASSWORD, { ip: "198.51.100.91" })).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(SLOWED_DELAY_MS - 10);

    // An hour later the ceiling is no longer crossed.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + SITE_FAILURE_WINDOW_MS + 60_000);
    const quick = Date.now();
    const after = await loginRequest("wrong", { ip: "198.51.100.92" });
    expect(await after.json()).toEqual({ error: "Incorrect password" });
    expect(Date.now() - quick).toBeLessThan(SLOWED_DELAY_MS);
  }, 60_000);
});

describe("attachment responses", () => {
  test("carry a sandboxing CSP, no framing, nosniff and no-store; PDFs download", async () => {
    const photo = files.jpeg(3000);
    const pdf = files.pdf(3000);
    const answer = await contact(
      quoteRequest({
        attachments: [
          { name: "roof.jpg", bytes: photo },
          { name: "survey.pdf", bytes: pdf },
        ],
      }),
      contextFor("198.51.100.100"),
    );
    expect(answer.status).toBe(201);
    const { id } = (await answer.json()) as { id: string };
    const cookie = await adminCookie();
    const get = (n: number) =>
      download(
        new Request(`${BASE}/api/admin/contact-submissions/${id}/attachments/${n}`, { headers: { cookie } }),
      );
    for (const [n, bytes, disposition] of [
      [1, photo, /^inline;/],
      [2, pdf, /^attachment; filename="survey.pdf"/],
    ] as const) {
      const response = await get(n);
      expect(response.status).toBe(200);
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
      expect(response.headers.get("content-security-policy")).toBe(
        "default-src 'none'; frame-ancestors 'none'; sandbox",
      );
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("cache-control")).toContain("no-store");
      expect(response.headers.get("strict-transport-security")).toMatch(/^max-age=\d+/);
      expect(response.headers.get("content-disposition")).toMatch(disposition);
    }
  });
});
