/**
 * Review requests of completed jobs (docs/reviews.md) against a real Blobs server and a real SMTP
 * server: one request with the configured link and the one-click unsubscribe headers, nothing
 * more on a second completion, the reminder at its 7-day edge, GET that changes nothing, POST that
 * stops, failures shown and retried.
 */
import type { Context } from "@netlify/functions";
import { beforeAll, describe, expect, test, vi } from "vitest";
import contact from "../../netlify/functions/contact.mts";
import one from "../../netlify/functions/admin-contact-submission.mts";
import retry from "../../netlify/functions/admin-notifications-retry.mts";
import scheduled from "../../netlify/functions/send-notifications.mts";
import unsubscribe, { config as unsubscribeConfig } from "../../netlify/functions/review-unsubscribe.mts";
import followUps from "../../netlify/functions/admin-follow-ups.mts";
import { businessDetails, type BusinessDetails } from "../../netlify/lib/business.ts";
import { database } from "../../netlify/lib/database/database.ts";
import { REVIEW_TOKEN_BYTES } from "../../netlify/lib/follow-up/review-requests.ts";
import { issueLinkToken } from "../../netlify/lib/links/link-tokens.ts";
import { readQuote } from "../../netlify/lib/quote/quote-store.ts";
import type { ReviewSummary } from "../../src/lib/follow-up/review-status.ts";
import type { FollowUps } from "../../src/lib/follow-up/follow-ups.ts";
import { REVIEW_REMINDER_MS } from "../../src/lib/follow-up/rules.ts";
import { adminCookie, TEST_ORIGIN, useAdminSession } from "./admin-session.ts";
import { BASE, quoteRequest } from "./quote-fixtures.ts";
import { type ReceivedMail, useMailSite, withSmtp } from "./smtp.ts";
import { backgroundWork } from "./background.ts";

const SITE = "https://www.glenbrae.test";
const session = useAdminSession();
let business: BusinessDetails;

beforeAll(async () => {
  business = await businessDetails();
});
useMailSite(SITE);

const { waitUntil, settle: settleBackground } = backgroundWork();

/**
 * Moves the clock to `ms` (Date only: sockets and timers run on real time) and signs in again, as
 * the owner would days later.
 */
async function setClock(ms: number) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(ms);
  session.cookie = await adminCookie();
}

let counter = 0;
/** A stored quote with its own customer address; its two quote e-mails already sent. */
async function storedLead() {
  const email = `customer${++counter}@example.co.uk`;
  const response = await contact(quoteRequest({ fields: { email, firstName: "Morag" } }), {
    waitUntil,
  } as unknown as Context);
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as { id: string };
  await settleBackground();
  return { id, email };
}

async function patch(id: string, body: unknown) {
  const response = await one(
    new Request(`${BASE}/api/admin/contact-submissions/${id}`, {
      method: "PATCH",
      headers: { cookie: session.cookie, origin: TEST_ORIGIN, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    }),
    { params: { id }, waitUntil } as unknown as Context,
  );
  expect(response.status, await response.clone().text()).toBe(200);
  await settleBackground();
  return (await response.json()) as { status: string; review: ReviewSummary | null };
}

async function reviewOf(id: string): Promise<ReviewSummary | null> {
  const response = await one(
    new Request(`${BASE}/api/admin/contact-submissions/${id}`, { headers: { cookie: session.cookie } }),
    {
      params: { id },
    } as unknown as Context,
  );
  return ((await response.json()) as { review: ReviewSummary | null }).review;
}

const mailsTo = (smtp: { messages: ReceivedMail[] }, address: string) =>
  smtp.messages.filter((m) => m.envelope.to.includes(address));

/** A raw header line's value, as it arrived (mailparser restructures List-* headers). */
function rawHeader(mail: ReceivedMail, name: string): string | undefined {
  const line = mail.parsed.headerLines.find((header) => header.key === name.toLowerCase())?.line;
  return line
    ?.slice(line.indexOf(":") + 1)
    .replace(/\r?\n\s+/g, " ")
    .trim();
}

function unsubscribeLink(mail: ReceivedMail): string {
  const header = rawHeader(mail, "List-Unsubscribe") ?? "";
  const match = /^<([^>]+)>$/.exec(header);
  expect(match, header).not.toBeNull();
  return match![1]!;
}

/** The unsubscribe function called on the link's path and query (the site is served from BASE). */
function callLink(link: string, init: RequestInit = {}) {
  const url = new URL(link);
  expect(url.pathname).toBe(unsubscribeConfig.path);
  return unsubscribe(new Request(`${BASE}${url.pathname}${url.search}`, init));
}

const oneClick = (link: string) =>
  callLink(link, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });

describe("completing a job", () => {
  test("sends exactly one review request: the configured link, the same words, both unsubscribe headers", async () => {
    await withSmtp(async (smtp) => {
      const { id, email } = await storedLead();
      expect(mailsTo(smtp, email)).toHaveLength(1); // the receipt
      const before = smtp.messages.length;

      const answer = await patch(id, { status: "completed" });
      expect(answer.status).toBe("completed");
      expect(answer.review?.state).toBe("pending");

      const reviewMails = smtp.messages.slice(before);
      expect(reviewMails).toHaveLength(1);
      const mail = reviewMails[0]!;
      expect(mail.envelope.to).toEqual([email]);
      expect(mail.parsed.subject).toBe(`Would you review our work? – ${business.name}`);
      // The one link to the review page, in both bodies; no "were you happy?" step, no incentive.
      const html = String(mail.parsed.html);
      expect(html.split(`href="${business.reviewUrl.replaceAll("&", "&amp;")}"`)).toHaveLength(2);
      expect(mail.parsed.text).toContain(business.reviewUrl);
      expect(mail.parsed.text).toContain("Dear Morag,");
      for (const body of [html, mail.parsed.text ?? ""]) {
        expect(body).not.toMatch(/happy|satisf|discount|voucher|prize|draw/i);
        expect(body).toContain("Whatever you have to say, good or bad");
      }

      const link = unsubscribeLink(mail);
      expect(link).toMatch(new RegExp(`^${SITE}/review-emails/stop\\?lead=${id}&token=[A-Za-z0-9_-]{24}$`));
      expect(rawHeader(mail, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
      expect(mail.parsed.text).toContain(link);

      const review = await reviewOf(id);
      expect(review?.state).toBe("sent");
      expect(review?.reminderDueAt).toBe(
        new Date(Date.parse(review!.sentAt!) + REVIEW_REMINDER_MS).toISOString(),
      );
    });
  });

  test("marking it completed again, even after another status, sends nothing more", async () => {
    await withSmtp(async (smtp) => {
      const { id, email } = await storedLead();
      await patch(id, { status: "completed" });
      expect(mailsTo(smtp, email)).toHaveLength(2);
      await patch(id, { status: "won" });
      const again = await patch(id, { status: "completed" });
      expect(again.review?.state).toBe("sent");
      await scheduled();
      expect(mailsTo(smtp, email)).toHaveLength(2);
      const record = await readQuote(id);
      expect(record?.notifications?.filter((n) => n.kind === "review")).toHaveLength(1);
    });
  });

  test("the reminder goes at 7 days to the millisecond, once; then nothing", async () => {
    await withSmtp(async (smtp) => {
      const { id, email } = await storedLead();
      await patch(id, { status: "completed" });
      const sentAt = Date.parse((await reviewOf(id))!.sentAt!);
      expect(mailsTo(smtp, email)).toHaveLength(2);

      await setClock(sentAt + REVIEW_REMINDER_MS - 1);
      await scheduled();
      expect(mailsTo(smtp, email)).toHaveLength(2);

      await setClock(sentAt + REVIEW_REMINDER_MS);
      await scheduled();
      const mails = mailsTo(smtp, email);
      expect(mails).toHaveLength(3);
      const reminder = mails[2]!;
      expect(reminder.parsed.subject).toBe(`A reminder: would you review our work? – ${business.name}`);
      expect(reminder.parsed.text).toContain(business.reviewUrl);
      expect(reminder.parsed.text).toContain("This is our only reminder");
      expect(rawHeader(reminder, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
      // Each e-mail carries a link of its own, drawn when it was written; both still open the page.
      expect(unsubscribeLink(reminder)).not.toBe(unsubscribeLink(mails[1]!));
      for (const link of [unsubscribeLink(reminder), unsubscribeLink(mails[1]!)])
        expect(await (await callLink(link)).text()).toContain("Stop review e-mails</button>");
      expect((await reviewOf(id))?.state).toBe("reminded");

      await setClock(sentAt + 5 * REVIEW_REMINDER_MS);
      await scheduled();
      await patch(id, { status: "completed" });
      expect(mailsTo(smtp, email)).toHaveLength(3);
    });
  });
});

describe("the unsubscribe link", () => {
  test("GET shows a button and changes nothing; a wrong token is refused", async () => {
    await withSmtp(async (smtp) => {
      const { id, email } = await storedLead();
      await patch(id, { status: "completed" });
      const link = unsubscribeLink(mailsTo(smtp, email)[1]!);

      const page = await callLink(link);
      expect(page.status).toBe(200);
      expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(page.headers.get("referrer-policy")).toBe("no-referrer");
      expect(page.headers.get("content-security-policy")).toMatch(/^default-src 'none'; style-src 'sha256-/);
      const html = await page.text();
      expect(html).toContain('<form method="post">');
      expect(html).toContain("Stop review e-mails</button>");
      expect((await readQuote(id))?.review?.optedOutAt).toBeUndefined();
      expect((await reviewOf(id))?.state).toBe("sent");

      const forged = link.replace(/token=[^&]+/, `token=${"A".repeat(24)}`);
      expect((await callLink(forged)).status).toBe(404);
      expect((await oneClick(forged)).status).toBe(404);
      expect((await oneClick(link.replace(/lead=[^&]+/, "lead=not-a-lead"))).status).toBe(404);
      expect((await readQuote(id))?.review?.optedOutAt).toBeUndefined();
      expect((await callLink(link, { method: "PUT" })).status).toBe(405);
    });
  });

  test("a one-click POST stops the reminder; the desk shows 'opted out'; again is harmless", async () => {
    await withSmtp(async (smtp) => {
      const { id, email } = await storedLead();
      await patch(id, { status: "completed" });
      const sentAt = Date.parse((await reviewOf(id))!.sentAt!);
      const link = unsubscribeLink(mailsTo(smtp, email)[1]!);

      const stopped = await oneClick(link);
      expect(stopped.status).toBe(200);
      expect(await stopped.text()).toContain("Review e-mails stopped");
      const review = await reviewOf(id);
      expect(review?.state).toBe("opted-out");
      expect(review?.reminderDueAt).toBeUndefined();
      const reminder = (await readQuote(id))?.notifications?.find((n) => n.kind === "reminder");
      expect(reminder?.status).toBe("cancelled");

      await setClock(sentAt + REVIEW_REMINDER_MS + 60_000);
      await scheduled();
      expect(mailsTo(smtp, email)).toHaveLength(2);

      const again = await oneClick(link);
      expect(again.status).toBe(200);
      expect(await again.text()).toContain("already stopped");
      expect(await (await callLink(link)).text()).toContain("already stopped");
    });
  });

  test("stopping before the request went (mail server down) means it is never sent", async () => {
    await withSmtp(async (smtp) => {
      const { id, email } = await storedLead();
      process.env.SMTP_URL = "smtp://127.0.0.1:9"; // nothing listens: the request waits for a retry
      await patch(id, { status: "completed" });
      expect((await reviewOf(id))?.state).toBe("pending");
      // A link as an e-mail the server took but never acknowledged would carry it.
      const token = await issueLinkToken(database(), {
        purpose: "review",
        leadId: id,
        subjectId: id,
        bytes: REVIEW_TOKEN_BYTES,
      });
      const link = `${SITE}/review-emails/stop?lead=${id}&token=${token}`;
      expect((await oneClick(link)).status).toBe(200);

      process.env.SMTP_URL = smtp.url;
      await setClock(Date.now() + 60 * 60 * 1000);
      await scheduled();
      expect(mailsTo(smtp, email)).toHaveLength(1); // the receipt of the quote only
      const review = (await readQuote(id))?.notifications?.find((n) => n.kind === "review");
      expect(review?.status).toBe("cancelled");
      expect((await reviewOf(id))?.state).toBe("opted-out");
    });
  });
});

describe("failures", () => {
  test("a refused review request shows as failed, is listed for the owner, and an admin retry sends it", async () => {
    await withSmtp(async (smtp) => {
      const { id, email } = await storedLead();
      smtp.setMode("refuse");
      await patch(id, { status: "completed" });
      const review = await reviewOf(id);
      expect(review?.state).toBe("failed");
      expect(review?.error).toMatch(/Mailbox unavailable/);

      const listed = await followUps(
        new Request(`${BASE}/api/admin/follow-ups`, { headers: { cookie: session.cookie } }),
      );
      expect(listed.status).toBe(200);
      const failed = ((await listed.json()) as FollowUps).failedEmails.items.find((item) => item.id === id);
      expect(failed?.detail).toMatch(/^Review request to the customer: .*Mailbox unavailable/);

      smtp.setMode("accept");
      const retried = await retry(
        new Request(`${BASE}/api/admin/notifications/retry`, {
          method: "POST",
          headers: { cookie: session.cookie, origin: TEST_ORIGIN, "Content-Type": "application/json" },
          body: JSON.stringify({ id }),
        }),
        { waitUntil } as unknown as Context,
      );
      expect(retried.status).toBe(202);
      await settleBackground();
      expect(mailsTo(smtp, email).map((m) => m.parsed.subject)).toContain(
        `Would you review our work? – ${business.name}`,
      );
      expect((await reviewOf(id))?.state).toBe("sent");
      const after = (await (
        await followUps(new Request(`${BASE}/api/admin/follow-ups`, { headers: { cookie: session.cookie } }))
      ).json()) as FollowUps;
      expect(after.failedEmails.items.map((item) => item.id)).not.toContain(id);
    });
  });
});
