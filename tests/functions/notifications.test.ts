/**
 * The e-mails of a quote (docs/email.md) against real SMTP servers started here (smtp-server, parsed
 * with mailparser) and a real Blobs server: content, headers, failures, retries, concurrency.
 */
import type { Context } from "@netlify/functions";
import { beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import contact from "../../netlify/functions/contact.mts";
import list from "../../netlify/functions/admin-contact-submissions.mts";
import emailStatus from "../../netlify/functions/admin-notifications.mts";
import retry from "../../netlify/functions/admin-notifications-retry.mts";
import scheduled from "../../netlify/functions/send-notifications.mts";
import { businessDetails, type BusinessDetails } from "../../netlify/lib/business.ts";
import { readQuote } from "../../netlify/lib/quote/quote-store.ts";
import { clearLimits, queryRecords } from "./database.ts";
import { useAdminSession } from "./admin-session.ts";
import {
  BASE,
  files,
  leadsWithPendingMail,
  quoteRequest,
  VALID_FIELDS,
  type QuoteOptions,
} from "./quote-fixtures.ts";
import {
  closedPortUrl,
  startHangingServer,
  startSmtp,
  type ReceivedMail,
  useMailSite,
  withSmtp,
} from "./smtp.ts";
import { backgroundWork } from "./background.ts";

const SITE = "https://www.glenbrae.test";
const session = useAdminSession();
let owner: string;
let business: BusinessDetails;

beforeAll(async () => {
  business = await businessDetails();
  owner = business.email;
});
useMailSite(SITE);
// Every test here sends quotes to the same customer: each starts with the mail limits untouched
// (tests/functions/mail-limits.test.ts tests the limits themselves).
beforeEach(() => clearLimits());

/** Work the handlers left running after their response, as the platform's waitUntil holds it. */
const { waitUntil, settle: settleBackground } = backgroundWork();
const context = { waitUntil } as unknown as Context;

async function submit(options: QuoteOptions = {}) {
  const started = performance.now();
  const response = await contact(quoteRequest(options), context);
  const elapsedMs = performance.now() - started;
  expect(response.status).toBe(201);
  const body = (await response.json()) as { id: string; createdAt: string; reference: string };
  return { ...body, elapsedMs };
}

/** A quote sent while no mail server listens: its e-mails are left to the scheduled run. */
async function submitWhileMailIsDown() {
  process.env.SMTP_URL = await closedPortUrl();
  const quote = await submit();
  await settleBackground();
  return quote;
}

const retryRequest = (body: unknown, init: { cookie?: string | null; origin?: string } = {}) => {
  const headers: Record<string, string> = { "Content-Type": "application/json", Origin: init.origin ?? BASE };
  if (init.cookie !== null) headers.cookie = init.cookie ?? session.cookie;
  return retry(
    new Request(`${BASE}/api/admin/notifications/retry`, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
    }),
    context,
  );
};

const notificationsOf = async (id: string) => (await readQuote(id))?.notifications ?? [];
const statusOf = async (id: string) =>
  Object.fromEntries((await notificationsOf(id)).map((n) => [n.kind, n.status]));
const to = (mail: ReceivedMail) => mail.envelope.to;
const mailsTo = (messages: ReceivedMail[], address: string) =>
  messages.filter((m) => to(m).includes(address));

/** Moves the clock (Date only: sockets and timers run on real time). */
function advanceClock(ms: number) {
  const now = Date.now() + ms;
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(now);
}

describe("a stored quote sends two e-mails", () => {
  test("the owner gets every field with Reply-To the customer; the customer a receipt with Reply-To the owner", async () => {
    await withSmtp(async (smtp) => {
      const photo = files.jpeg(50_000);
      const quote = await submit({
        attachments: [
          { name: "front of roof.jpg", bytes: photo },
          { name: "survey.pdf", bytes: files.pdf(3_000) },
        ],
      });
      expect(quote.reference).toMatch(/^Q-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/);
      await settleBackground();

      expect(smtp.messages).toHaveLength(2);
      const [ownerMail] = mailsTo(smtp.messages, owner);
      const [receipt] = mailsTo(smtp.messages, VALID_FIELDS.email);
      expect(to(ownerMail!)).toEqual([owner]);
      expect(to(receipt!)).toEqual([VALID_FIELDS.email]);

      const o = ownerMail!.parsed;
      expect(o.replyTo?.value).toEqual([{ address: VALID_FIELDS.email, name: "Morag MacLeod" }]);
      expect(o.subject).toBe(`New quote request ${quote.reference}: Roof Repairs – Morag MacLeod`);
      for (const body of [o.text ?? "", String(o.html)]) {
        for (const expected of [
          quote.reference,
          "Morag MacLeod",
          VALID_FIELDS.email,
          VALID_FIELDS.phone,
          "Roof Repairs",
          "front of roof.jpg (48.8 KB)",
          "survey.pdf (2.9 KB)",
          `${SITE}/contact-admin?id=${quote.id}`,
        ]) {
          expect(body).toContain(expected);
        }
      }
      expect(o.text).toContain(VALID_FIELDS.message);
      expect(o.attachments).toEqual([]);

      const r = receipt!.parsed;
      expect(r.replyTo?.value).toEqual([{ address: owner, name: "" }]);
      expect(r.subject).toBe(`Your quote request ${quote.reference} – ${business.name}`);
      expect(r.from?.value[0]?.address).toBe(owner);
      for (const body of [r.text ?? "", String(r.html)]) {
        expect(body).toContain(quote.reference);
        expect(body).toContain("Roof Repairs");
        expect(body).toContain("2 files");
        expect(body).toContain(business.phone);
        expect(body).toContain("Dear Morag,");
        expect(body).toContain("What happens next");
        expect(body).not.toContain("slates slipped");
      }

      const notifications = await notificationsOf(quote.id);
      expect(notifications.map((n) => [n.kind, n.status, n.attempts])).toEqual([
        ["owner", "sent", 1],
        ["receipt", "sent", 1],
      ]);
      for (const n of notifications)
        expect(Date.parse(n.sentAt!)).toBeGreaterThan(Date.parse(quote.createdAt) - 1);
      expect(await leadsWithPendingMail()).not.toContain(quote.id);
    });
  });

  test("the admin list shows the reference and each e-mail's state", async () => {
    await withSmtp(async () => {
      const quote = await submit();
      await settleBackground();
      const response = await list(
        new Request(`${BASE}/api/admin/contact-submissions`, { headers: { cookie: session.cookie } }),
      );
      const item = (
        (await response.json()) as { id: string; reference: string; notifications: unknown }[]
      ).find((s) => s.id === quote.id);
      expect(item?.reference).toBe(quote.reference);
      expect(item?.notifications).toEqual([
        { kind: "owner", status: "sent", attempts: 1, sentAt: expect.any(String) },
        { kind: "receipt", status: "sent", attempts: 1, sentAt: expect.any(String) },
      ]);
    });
  });

  test("a retried submit (same idempotency key) answers the same reference and sends nothing more", async () => {
    await withSmtp(async (smtp) => {
      const first = await submit({ idempotencyKey: "retry-key-0123456789abcdef" });
      await settleBackground();
      const second = await submit({ idempotencyKey: "retry-key-0123456789abcdef" });
      await settleBackground();
      expect(second.id).toBe(first.id);
      expect(second.reference).toBe(first.reference);
      expect(smtp.messages).toHaveLength(2);
    });
  });
});

describe("failures", () => {
  test("a 550 refusal marks both e-mails failed with the reason; an admin retry then sends them", async () => {
    const smtp = await startSmtp("refuse");
    process.env.SMTP_URL = smtp.url;
    try {
      const quote = await submit();
      await settleBackground();
      expect(smtp.messages).toHaveLength(0);
      const failed = await notificationsOf(quote.id);
      expect(failed.map((n) => [n.kind, n.status, n.attempts])).toEqual([
        ["owner", "failed", 1],
        ["receipt", "failed", 1],
      ]);
      for (const n of failed) expect(n.error).toMatch(/^550 .*Mailbox unavailable/);

      smtp.setMode("accept");
      const response = await retryRequest({ id: quote.id });
      expect(response.status).toBe(202);
      await settleBackground();
      expect(await statusOf(quote.id)).toEqual({ owner: "sent", receipt: "sent" });
      expect(mailsTo(smtp.messages, owner)).toHaveLength(1);
      expect(mailsTo(smtp.messages, VALID_FIELDS.email)).toHaveLength(1);
      expect((await notificationsOf(quote.id)).map((n) => n.attempts)).toEqual([2, 2]);
    } finally {
      await smtp.stop();
    }
  });

  test("connection refused leaves them pending; the scheduled run sends each exactly once when due", async () => {
    const quote = await submitWhileMailIsDown();
    const pending = await notificationsOf(quote.id);
    expect(pending.map((n) => [n.status, n.attempts, n.error])).toEqual([
      ["pending", 1, "The mail server refused the connection"],
      ["pending", 1, "The mail server refused the connection"],
    ]);
    expect(await leadsWithPendingMail()).toContain(quote.id);

    await withSmtp(async (smtp) => {
      // Not due yet (backoff): nothing is sent.
      await scheduled();
      expect(smtp.messages).toHaveLength(0);

      advanceClock(6 * 60 * 1000);
      const run = await scheduled();
      expect(run.status).toBe(200);
      expect(await run.json()).toEqual({
        quotes: expect.any(Number),
        summaries: expect.any(Number),
        jobs: expect.any(Number),
      });
      await scheduled();
      expect(mailsTo(smtp.messages, owner)).toHaveLength(1);
      expect(mailsTo(smtp.messages, VALID_FIELDS.email)).toHaveLength(1);
      expect(await statusOf(quote.id)).toEqual({ owner: "sent", receipt: "sent" });
      expect(await leadsWithPendingMail()).not.toContain(quote.id);
    });
  });

  test("a server that hangs for 30 s: /api/contact still answers within 1 s, the e-mails stay pending", async () => {
    const hanging = await startHangingServer();
    process.env.SMTP_URL = hanging.url;
    try {
      const quote = await submit();
      expect(quote.elapsedMs).toBeLessThan(1_000);
      await settleBackground();
      expect(await statusOf(quote.id)).toEqual({ owner: "pending", receipt: "pending" });
      expect((await notificationsOf(quote.id))[0]?.error).toBe("The mail server did not answer in time");
    } finally {
      await hanging.stop();
    }
  });

  test("after 24 hours of failures an e-mail is failed, not retried for ever", async () => {
    const quote = await submitWhileMailIsDown();
    advanceClock(24 * 60 * 60 * 1000 + 1000);
    await scheduled();
    const notifications = await notificationsOf(quote.id);
    expect(notifications.map((n) => n.status)).toEqual(["failed", "failed"]);
    expect(notifications[0]?.error).toBe("Not sent within 24 hours: The mail server refused the connection");
    expect(await leadsWithPendingMail()).not.toContain(quote.id);
  });
});

describe("never the same e-mail twice", () => {
  test("two scheduled runs at once send one e-mail per recipient", async () => {
    const quote = await submitWhileMailIsDown();
    await withSmtp(async (smtp) => {
      advanceClock(6 * 60 * 1000);
      await Promise.all([scheduled(), scheduled(), scheduled()]);
      expect(mailsTo(smtp.messages, owner)).toHaveLength(1);
      expect(mailsTo(smtp.messages, VALID_FIELDS.email)).toHaveLength(1);
      expect(await statusOf(quote.id)).toEqual({ owner: "sent", receipt: "sent" });
    });
  });

  test("an admin retry and a scheduled run racing a slow first send do not send again", async () => {
    const smtp = await startSmtp("slow", 1_500);
    process.env.SMTP_URL = smtp.url;
    try {
      const quote = await submit();
      // The first send is under way: the mail server has begun to receive it.
      await smtp.receiving;
      expect((await retryRequest({ id: quote.id })).status).toBe(202);
      await scheduled();
      await settleBackground();
      expect(mailsTo(smtp.messages, owner)).toHaveLength(1);
      expect(mailsTo(smtp.messages, VALID_FIELDS.email)).toHaveLength(1);
      expect(await statusOf(quote.id)).toEqual({ owner: "sent", receipt: "sent" });
    } finally {
      await smtp.stop();
    }
  });
});

describe("visitor text never steers an e-mail", () => {
  test("line breaks in a name cannot add headers or recipients", async () => {
    await withSmtp(async (smtp) => {
      await submit({
        fields: { firstName: "Mo\r\nBcc: victim@example.com", lastName: "Mac\nX-Spam: yes" },
      });
      await settleBackground();
      expect(smtp.messages.map(to).sort()).toEqual([[owner], [VALID_FIELDS.email]].sort());
      for (const { parsed } of smtp.messages) {
        expect(parsed.bcc).toBeUndefined();
        expect(parsed.headers.has("x-spam")).toBe(false);
        expect(parsed.subject).not.toMatch(/[\r\n]/);
      }
    });
  });

  test("a name and message holding a link and HTML: the receipt carries neither, the owner's copy escapes them", async () => {
    await withSmtp(async (smtp) => {
      await submit({
        fields: {
          firstName: "<b>Win</b> http://prize.example",
          lastName: "www.spam.example",
          message: 'Claim now: <a href="https://phish.example/win">click here</a> <script>alert(1)</script>',
        },
      });
      await settleBackground();
      const [receipt] = mailsTo(smtp.messages, VALID_FIELDS.email);
      const [ownerMail] = mailsTo(smtp.messages, owner);
      for (const body of [receipt!.parsed.text ?? "", String(receipt!.parsed.html)]) {
        for (const banned of [
          "prize.example",
          "spam.example",
          "phish.example",
          "<b>",
          "Win",
          "Claim now",
          "script",
        ]) {
          expect(body).not.toContain(banned);
        }
        expect(body).toContain("Hello,");
      }
      const html = String(ownerMail!.parsed.html);
      expect(html).not.toContain('<a href="https://phish.example');
      expect(html).not.toContain("<script>");
      expect(html).toContain("&lt;a href=");
      expect(ownerMail!.parsed.text).toContain('<a href="https://phish.example/win">click here</a>');
    });
  });
});

describe("the outbox", () => {
  test("an e-mail is always a lead's: the database refuses one for a lead that is not stored", async () => {
    await expect(
      queryRecords(
        `INSERT INTO mail_jobs (id, lead_id, kind, status, due_at, give_up_at, created_at)
         VALUES (gen_random_uuid(), $1, 'owner', 'pending', now(), now(), now())`,
        [crypto.randomUUID()],
      ),
    ).rejects.toThrow(/foreign key/);
  });
});

describe("without SMTP_URL (deployed, not configured)", () => {
  test("quotes are stored, e-mails stay pending untried, and the admin status says not configured", async () => {
    const quote = await submit();
    await settleBackground();
    await scheduled();
    expect((await notificationsOf(quote.id)).map((n) => [n.status, n.attempts])).toEqual([
      ["pending", 0],
      ["pending", 0],
    ]);
    const response = await emailStatus(
      new Request(`${BASE}/api/admin/notifications`, { headers: { cookie: session.cookie } }),
    );
    expect(await response.json()).toEqual({ configured: false });
    process.env.SMTP_URL = "smtp://127.0.0.1:1";
    const configured = await emailStatus(
      new Request(`${BASE}/api/admin/notifications`, { headers: { cookie: session.cookie } }),
    );
    expect(await configured.json()).toEqual({ configured: true });
  });
});

describe("POST /api/admin/notifications/retry guards", () => {
  test("401 without a session, 403 from another site, 400 for a bad id, 404 for an unknown one", async () => {
    const id = crypto.randomUUID();
    expect((await retryRequest({ id }, { cookie: null })).status).toBe(401);
    expect((await retryRequest({ id }, { origin: "https://evil.example" })).status).toBe(403);
    const bad = await retryRequest({ id: "../x" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "id must be a submission id" });
    expect((await retryRequest({ id })).status).toBe(404);
    const get = await retry(
      new Request(`${BASE}/api/admin/notifications/retry`, { headers: { cookie: session.cookie } }),
      context,
    );
    expect(get.status).toBe(405);
  });
});
