/**
 * Survey visits (docs/visits.md, DESIGN §19) through their functions against a real PostgreSQL, a
 * real Blobs server and a real SMTP server: the invitation, the free times, booking with its
 * checks, the database's refusal of a double booking (and the race for one time), moving and
 * cancelling with the 2-hour cut-off, the e-mails with their calendar invitations, the times across
 * the clock changes, the desk's agenda, moves, cancellations and blocks, previews and the limit.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { VisitAvailability } from "../../src/lib/visits/availability-schema.ts";
import { VISIT_MESSAGES } from "../../src/lib/visits/rules.ts";
import { deliverMailJobs } from "../../netlify/lib/mail/mail-jobs.ts";
import { mailSettings } from "../../netlify/lib/mail/mailer.ts";
import { LINK_REQUESTS_PER_CLIENT } from "../../netlify/lib/limits/link-limit.ts";
import { bookVisit, cancelFromLink, visitPageState } from "../../netlify/lib/visits/visit-booking.ts";
import { useVisitAvailability } from "../../netlify/lib/visits/visit-content.ts";
import { ALWAYS_OPEN } from "./visit-fixtures.ts";
import visits, { config as visitsConfig } from "../../netlify/functions/visits.mts";
import invitation, { config as invitationConfig } from "../../netlify/functions/admin-visit-invitation.mts";
import agenda, { config as agendaConfig } from "../../netlify/functions/admin-visits.mts";
import adminVisit, { config as adminVisitConfig } from "../../netlify/functions/admin-visit.mts";
import blocks, { config as blocksConfig } from "../../netlify/functions/admin-visit-blocks.mts";
import submission, { config as submissionConfig } from "../../netlify/functions/admin-contact-submission.mts";
import { parseIcs } from "../e2e/helpers/ics.ts";
import { adminCookie, useAdminTestEnv } from "./admin-session.ts";
import { useBlobs } from "./blobs.ts";
import { clearLimits, clearRecords, queryRecords, savedLead } from "./database.ts";
import { londonTime } from "./clock.ts";
import { routeContext } from "./route.ts";
import { startSmtp } from "./smtp.ts";

const BASE = "http://localhost";

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let cookie: string;
let ipCount = 0;

useBlobs();
beforeAll(async () => {
  useAdminTestEnv();
  cookie = await adminCookie();
});
afterAll(() => {
  useVisitAvailability(null);
});
beforeEach(async () => {
  await clearRecords();
  await queryRecords("DELETE FROM visit_blocks");
  await clearLimits();
  useVisitAvailability({ ...ALWAYS_OPEN, noticeHours: 3 });
  smtp = await startSmtp();
  process.env.SMTP_URL = smtp.url;
  process.env.SITE_URL = "https://roofs.example";
});
afterEach(async () => {
  await settled();
  delete process.env.SMTP_URL;
  process.env.CONTEXT = "production";
  await smtp.stop();
});

const lead = (first = "Catriona") =>
  savedLead({ firstName: first, email: `${first.toLowerCase()}@example.co.uk` });

type Handler = (req: Request, context: never) => Promise<Response>;
/** The work the functions leave running after their answer (the e-mails they send), to wait for. */
const background: Promise<unknown>[] = [];
const call = (handler: Handler, config: Parameters<typeof routeContext>[0], req: Request, ip?: string) => {
  const context = routeContext(config, req, ip ?? `203.0.113.${(ipCount++ % 250) + 1}`);
  return handler(req, { ...context, waitUntil: (work: Promise<unknown>) => background.push(work) } as never);
};
const settled = async () => {
  while (background.length) await Promise.all(background.splice(0));
};

const admin = (path: string, init: RequestInit = {}) =>
  new Request(`${BASE}${path}`, {
    ...init,
    headers: { Cookie: cookie, Origin: BASE, "Content-Type": "application/json", ...init.headers },
  });

/** Invites the lead through the desk's endpoint; the link's token. */
async function invite(leadId: string): Promise<string> {
  const response = await call(
    invitation,
    invitationConfig,
    admin(`/api/admin/contact-submissions/${leadId}/visit-invitation`, { method: "POST" }),
  );
  expect(response.status).toBe(201);
  const { url } = (await response.json()) as { url: string };
  expect(url).toMatch(/^https:\/\/roofs\.example\/visit\/[A-Za-z0-9_-]{43}$/);
  return url.split("/").pop()!;
}

const visitRequest = (token: string, method = "GET", body?: unknown) =>
  new Request(`${BASE}/api/visits/${token}`, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

interface PageState {
  status: string;
  slots: { start: string; end: string }[];
  booking?: Record<string, unknown> & { start: string; end: string; changeable: boolean };
}

async function state(token: string): Promise<PageState> {
  const response = await call(visits, visitsConfig, visitRequest(token));
  expect(response.status).toBe(200);
  return (await response.json()) as PageState;
}

const ADDRESS = {
  addressLine1: "12 Main Street",
  town: "Kippen",
  postcode: "fk8 3dn",
  accessNotes: "Gate code 1234",
};
const book = (token: string, start: string, extra: Record<string, unknown> = {}, ip?: string) =>
  call(visits, visitsConfig, visitRequest(token, "POST", { start, ...ADDRESS, ...extra }), ip);

/** Sends every due e-mail and returns what arrived, by recipient. */
async function sentMail() {
  await settled();
  await deliverMailJobs();
  return smtp.messages.map((m) => {
    const ics = m.parsed.attachments.find((file) => file.contentType.startsWith("text/calendar"));
    return {
      to: m.envelope.to[0],
      subject: m.parsed.subject ?? "",
      text: m.parsed.text ?? "",
      ics: ics ? parseIcs(ics.content.toString("utf8")) : null,
    };
  });
}

describe("the invitation and the free times", () => {
  test("the desk's invitation answers 201 { url } and e-mails the link; the link shows free times", async () => {
    const { id, email } = await lead();
    const token = await invite(id);
    const mail = await sentMail();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.to).toBe(email);
    // The e-mail carries a link of its own (a token drawn when it was written); both open the page.
    const emailed = /https:\/\/roofs\.example\/visit\/([A-Za-z0-9_-]{43})/.exec(mail[0]!.text)?.[1];
    expect(emailed).toBeDefined();
    expect(emailed).not.toBe(token);
    expect((await state(emailed!)).status).toBe("invited");
    const page = await state(token);
    expect(page.status).toBe("invited");
    expect(page.booking).toBeUndefined();
    expect(page.slots.length).toBeGreaterThan(10);
    for (const slot of page.slots) {
      expect(slot.start).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00[+-]\d{2}:00$/);
      expect(Date.parse(slot.end) - Date.parse(slot.start)).toBe(60 * 60_000);
      // Least notice: 3 hours.
      expect(Date.parse(slot.start)).toBeGreaterThanOrEqual(Date.now() - 60_000 + 3 * 3_600_000);
    }
    // Only the hashes of the tokens are stored.
    const [row] = await queryRecords("SELECT * FROM visit_invitations");
    const hashes = await queryRecords<{ token_hash: string }>("SELECT token_hash FROM link_tokens");
    expect(hashes).toHaveLength(2);
    for (const stored of [row, ...hashes]) {
      expect(JSON.stringify(stored)).not.toContain(token);
      expect(JSON.stringify(stored)).not.toContain(emailed);
    }
  });

  test("an unknown or malformed link is 404; without a session the invitation is 401; an unknown lead 404", async () => {
    for (const token of ["A".repeat(43), "short", "%zz"]) {
      const response = await call(visits, visitsConfig, visitRequest(token));
      expect(response.status).toBe(404);
    }
    const noSession = await call(
      invitation,
      invitationConfig,
      new Request(`${BASE}/api/admin/contact-submissions/${crypto.randomUUID()}/visit-invitation`, {
        method: "POST",
        headers: { Origin: BASE },
      }),
    );
    expect(noSession.status).toBe(401);
    const unknown = await call(
      invitation,
      invitationConfig,
      admin(`/api/admin/contact-submissions/${crypto.randomUUID()}/visit-invitation`, { method: "POST" }),
    );
    expect(unknown.status).toBe(404);
  });

  test("inviting again makes a new link: the old one stops working", async () => {
    const { id } = await lead();
    const first = await invite(id);
    const second = await invite(id);
    expect(second).not.toBe(first);
    expect((await call(visits as Handler, visitsConfig, visitRequest(first))).status).toBe(404);
    expect((await state(second)).status).toBe("invited");
  });

  test("a Deploy Preview answers 404 to every link call (its database is a copy of production's)", async () => {
    const { id } = await lead();
    const token = await invite(id);
    process.env.CONTEXT = "deploy-preview";
    for (const method of ["GET", "POST", "DELETE"]) {
      const response = await call(
        visits,
        visitsConfig,
        visitRequest(token, method, method === "POST" ? {} : undefined),
      );
      expect(response.status).toBe(404);
    }
    process.env.CONTEXT = "production";
    expect((await state(token)).status).toBe("invited");
  });

  test(`one client gets ${LINK_REQUESTS_PER_CLIENT} link calls in 10 minutes, then 429 with Retry-After`, async () => {
    const { id } = await lead();
    const token = await invite(id);
    for (let n = 0; n < LINK_REQUESTS_PER_CLIENT; n++) {
      const response = await call(visits, visitsConfig, visitRequest(token), "198.51.100.77");
      expect(response.status).toBe(200);
    }
    const refused = await call(visits, visitsConfig, visitRequest(token), "198.51.100.77");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another client is not affected.
    expect((await call(visits as Handler, visitsConfig, visitRequest(token), "198.51.100.78")).status).toBe(
      200,
    );
  });
});

describe("booking", () => {
  test("201 the booking; the lead becomes contacted with a note; both e-mails carry an .ics; the time is gone for everyone", async () => {
    const customer = await lead();
    const other = await lead("Morag");
    const token = await invite(customer.id);
    const otherToken = await invite(other.id);
    smtp.messages.length = 0;
    await settled();
    await deliverMailJobs();
    smtp.messages.length = 0;
    const slot = (await state(token)).slots[2]!;
    const response = await book(token, slot.start);
    expect(response.status).toBe(201);
    const booking = (await response.json()) as Record<string, unknown>;
    expect(booking).toMatchObject({
      start: slot.start,
      end: slot.end,
      addressLine1: "12 Main Street",
      town: "Kippen",
      postcode: "FK8 3DN",
      accessNotes: "Gate code 1234",
      inArea: true,
      changeable: true,
    });
    expect(booking.notice).toBeUndefined();

    const [leadRow] = await queryRecords<{ status: string; notes: { text: string }[]; version: number }>(
      "SELECT status, notes, version FROM leads WHERE id = $1",
      [customer.id],
    );
    expect(leadRow!.status).toBe("contacted");
    expect(leadRow!.version).toBe(2);
    expect(leadRow!.notes.at(-1)!.text).toMatch(
      /^Survey visit booked online for .+, at 12 Main Street, Kippen FK8 3DN\.$/,
    );

    const page = await state(token);
    expect(page.status).toBe("booked");
    expect(page.booking).toMatchObject({ start: slot.start });
    // Gone for everyone: the other customer's link no longer offers it.
    expect((await state(otherToken)).slots.map((s) => s.start)).not.toContain(slot.start);

    const mail = await sentMail();
    const { ownerEmail } = await mailSettings();
    expect(mail.map((m) => m.to).sort()).toEqual([customer.email, ownerEmail].sort());
    for (const m of mail) {
      expect(m.ics?.method).toBe("REQUEST");
      const event = m.ics!.event;
      expect(event.UID!.value).toMatch(/^visit-[0-9a-f-]{36}@glenbrae-roofing$/);
      expect(event.SEQUENCE!.value).toBe("0");
      expect(event.LOCATION!.value).toBe("12 Main Street, Kippen FK8 3DN");
      const utc = (iso: string) => new Date(Date.parse(iso)).toISOString().replace(/[-:]|\.\d{3}/g, "");
      expect(event.DTSTART!.value).toBe(utc(slot.start));
      expect(event.DTEND!.value).toBe(utc(slot.end));
    }
    expect(mail[0]!.ics!.event.UID!.value).toBe(mail[1]!.ics!.event.UID!.value);
    // The reminder waits for 18:00 UK time the evening before.
    const reminders = await queryRecords<{ due_at: Date; status: string }>(
      "SELECT due_at, status FROM mail_jobs WHERE kind = 'visit-reminder'",
    );
    for (const reminder of reminders) expect(londonTime(reminder.due_at)).toBe("18:00");
  });

  test("400 with fieldErrors for a bad postcode and missing fields; nothing stored", async () => {
    const { id } = await lead();
    const token = await invite(id);
    const slot = (await state(token)).slots[0]!;
    const response = await book(token, slot.start, { postcode: "KIPPEN 1", addressLine1: "", town: "" });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { fieldErrors: Record<string, string[]> };
    expect(body.fieldErrors.postcode).toEqual(["Please enter a valid UK postcode"]);
    expect(Object.keys(body.fieldErrors).sort()).toEqual(["addressLine1", "postcode", "town"]);
    expect(await queryRecords("SELECT id FROM visits")).toEqual([]);
  });

  test("outside the areas served the booking stands, flagged, with a notice", async () => {
    const { id } = await lead();
    const token = await invite(id);
    const slot = (await state(token)).slots[0]!;
    const response = await book(token, slot.start, { postcode: "SW1A 1AA", town: "London" });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ inArea: false, notice: VISIT_MESSAGES.outsideArea });
  });

  test("a time that is not free is 409 with the exact message, and nothing is stored", async () => {
    const [a, b] = [await lead(), await lead("Morag")];
    const [tokenA, tokenB] = [await invite(a.id), await invite(b.id)];
    const slot = (await state(tokenA)).slots[0]!;
    expect((await book(tokenA, slot.start)).status).toBe(201);
    const taken = await book(tokenB, slot.start);
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ error: "That time has just been taken. Please choose another." });
    // A time that is no slot at all (07:13) is not free either.
    const odd = new Date(Date.parse(slot.start) + 13 * 60_000).toISOString();
    expect((await book(tokenB, odd)).status).toBe(409);
    expect(await queryRecords("SELECT id FROM visits")).toHaveLength(1);
    expect(
      (
        await queryRecords<{ status: string }>("SELECT status FROM visit_invitations WHERE lead_id = $1", [
          b.id,
        ])
      )[0]!.status,
    ).toBe("invited");
  });

  test("THE RACE: twelve customers choose the same time at once: exactly one 201, eleven 409, one row", async () => {
    const leads = await Promise.all(
      Array.from({ length: 12 }, (_, n) => lead(`Customer${"abcdefghijkl"[n]}`)),
    );
    const tokens = await Promise.all(leads.map((l) => invite(l.id)));
    const slot = (await state(tokens[0]!)).slots[4]!;
    const answers = await Promise.all(
      tokens.map((token, n) => book(token, slot.start, {}, `192.0.2.${n + 10}`)),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, ...Array(11).fill(409)]);
    for (const answer of answers.filter((a) => a.status === 409))
      expect(((await answer.json()) as { error: string }).error).toBe(VISIT_MESSAGES.taken);
    expect(await queryRecords("SELECT id FROM visits WHERE status = 'booked'")).toHaveLength(1);
    const contacted = await queryRecords("SELECT id FROM leads WHERE status = 'contacted'");
    expect(contacted).toHaveLength(1);
  });

  test("the database itself refuses an overlapping booked visit, gap included, even written by hand", async () => {
    const { id } = await lead();
    const token = await invite(id);
    const slot = (await state(token)).slots[0]!;
    expect((await book(token, slot.start)).status).toBe(201);
    const [visit] = await queryRecords<Record<string, unknown>>("SELECT * FROM visits");
    const within = new Date(Date.parse(slot.end) + 10 * 60_000).toISOString(); // inside the 30-minute gap
    await expect(
      queryRecords(
        `INSERT INTO visits (id, invitation_id, lead_id, start_at, end_at, busy_until, address_line1, town, postcode, in_area, status, uid, booked_at, updated_at)
         SELECT gen_random_uuid(), invitation_id, lead_id, $1, $1::timestamptz + interval '1 hour', $1::timestamptz + interval '90 minutes', address_line1, town, postcode, in_area, 'booked', 'other-uid', now(), now() FROM visits`,
        [within],
      ),
    ).rejects.toMatchObject({ code: "23P01" });
    expect(visit).toBeTruthy();
  });
});

describe("moving and cancelling from the link", () => {
  test("POST again moves it: same UID, SEQUENCE 1, the old time free again, a new reminder", async () => {
    const customer = await lead();
    const token = await invite(customer.id);
    await settled();
    await deliverMailJobs();
    smtp.messages.length = 0;
    const [first, , third] = (await state(token)).slots;
    expect((await book(token, first!.start)).status).toBe(201);
    const firstMail = await sentMail();
    smtp.messages.length = 0;
    const moved = await book(token, third!.start, { accessNotes: "" });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ start: third!.start, accessNotes: null });
    const page = await state(token);
    expect(page.slots.map((s) => s.start)).toContain(first!.start);
    const mail = await sentMail();
    expect(mail).toHaveLength(2);
    for (const m of mail) {
      expect(m.ics!.method).toBe("REQUEST");
      expect(m.ics!.event.UID!.value).toBe(firstMail[0]!.ics!.event.UID!.value);
      expect(m.ics!.event.SEQUENCE!.value).toBe("1");
      expect(m.subject).toMatch(/moved/);
    }
    const visitsRows = await queryRecords("SELECT id FROM visits");
    expect(visitsRows).toHaveLength(1);
    const reminders = await queryRecords<{ status: string }>(
      "SELECT status FROM mail_jobs WHERE kind = 'visit-reminder' ORDER BY created_at",
    );
    if (reminders.length) expect(reminders.at(-1)!.status).toBe("pending");
    expect(reminders.filter((r) => r.status === "pending").length).toBeLessThanOrEqual(1);
  });

  test("DELETE cancels: METHOD:CANCEL with the same UID to both; the time is free; booking again is a new event", async () => {
    const customer = await lead();
    const token = await invite(customer.id);
    const slot = (await state(token)).slots[0]!;
    expect((await book(token, slot.start)).status).toBe(201);
    await settled();
    await deliverMailJobs();
    const uid = parseIcs(
      smtp.messages
        .at(-1)!
        .parsed.attachments.find((f) => f.contentType.startsWith("text/calendar"))!
        .content.toString(),
    ).event.UID!.value;
    smtp.messages.length = 0;
    const cancelled = await call(visits, visitsConfig, visitRequest(token, "DELETE"));
    expect(cancelled.status).toBe(200);
    const page = (await cancelled.json()) as PageState;
    expect(page.status).toBe("cancelled");
    expect(page.slots.map((s) => s.start)).toContain(slot.start);
    const mail = await sentMail();
    expect(mail).toHaveLength(2);
    for (const m of mail) {
      expect(m.ics!.method).toBe("CANCEL");
      expect(m.ics!.event.UID!.value).toBe(uid);
      expect(m.ics!.event.STATUS!.value).toBe("CANCELLED");
      expect(Number(m.ics!.event.SEQUENCE!.value)).toBe(1);
    }
    expect(
      await queryRecords("SELECT status FROM mail_jobs WHERE kind = 'visit-reminder' AND status = 'pending'"),
    ).toEqual([]);
    // Cancelling again: nothing to cancel.
    expect((await call(visits as Handler, visitsConfig, visitRequest(token, "DELETE"))).status).toBe(409);
    // The same link books again: a new visit, a new UID.
    expect((await book(token, slot.start)).status).toBe(201);
    const uids = await queryRecords<{ uid: string }>("SELECT uid FROM visits");
    expect(new Set(uids.map((r) => r.uid)).size).toBe(2);
  });

  test("the 2-hour cut-off: at 2 hours before it can still move; at 1 hour 59 it can neither move nor cancel", async () => {
    useVisitAvailability(ALWAYS_OPEN);
    const customer = await lead();
    const token = await invite(customer.id);
    const now = Date.now();
    const page = await visitPageState(token, now);
    const later = page.slots.filter((s) => Date.parse(s.start) > now + 5 * 3_600_000);
    const [slot, other] = [later[0]!, later[1]!];
    const start = Date.parse(slot.start);
    const base = { addressLine1: "12 Main Street", town: "Kippen", postcode: "FK8 3DN", accessNotes: null };
    await bookVisit(token, { ...base, start }, now);
    const atCutoff = start - 2 * 3_600_000;
    expect((await visitPageState(token, atCutoff)).booking!.changeable).toBe(true);
    const tooLate = atCutoff + 60_000;
    const late = await visitPageState(token, tooLate);
    expect(late.booking!.changeable).toBe(false);
    expect(late.slots).toEqual([]);
    await expect(
      bookVisit(token, { ...base, start: Date.parse(other.start) }, tooLate),
    ).rejects.toMatchObject({
      status: 409,
      message: VISIT_MESSAGES.tooLate,
    });
    await expect(cancelFromLink(token, tooLate)).rejects.toMatchObject({
      status: 409,
      message: VISIT_MESSAGES.tooLate,
    });
    await cancelFromLink(token, atCutoff);
    expect((await visitPageState(token, atCutoff)).status).toBe("cancelled");
  });
});

describe("the clock changes (Europe/London)", () => {
  const SUNDAYS: VisitAvailability = {
    ...ALWAYS_OPEN,
    weekdays: ["saturday", "sunday"],
    firstStart: "09:00",
    lastStart: "09:00",
    daysAhead: 3,
  };

  test("slots on 2027-03-28 (BST begins) and 2027-10-31 (GMT returns) carry the right offset", async () => {
    useVisitAvailability(SUNDAYS);
    const { id } = await lead();
    const token = await invite(id);
    const march = await visitPageState(token, Date.parse("2027-03-26T12:00:00Z"));
    expect(march.slots.map((s) => s.start)).toEqual([
      "2027-03-27T09:00:00+00:00",
      "2027-03-28T09:00:00+01:00",
    ]);
    expect(march.slots.map((s) => s.end)).toEqual(["2027-03-27T10:00:00+00:00", "2027-03-28T10:00:00+01:00"]);
    const october = await visitPageState(token, Date.parse("2027-10-29T12:00:00Z"));
    expect(october.slots.map((s) => s.start)).toEqual([
      "2027-10-30T09:00:00+01:00",
      "2027-10-31T09:00:00+00:00",
    ]);
  });

  test("a booking on each change day: the .ics times in UTC, the reminder at 18:00 UK time the day before", async () => {
    useVisitAvailability(SUNDAYS);
    for (const [now, start, dtstart, reminder] of [
      ["2027-03-26T12:00:00Z", "2027-03-28T09:00:00+01:00", "20270328T080000Z", "2027-03-27T18:00:00.000Z"],
      ["2027-10-29T12:00:00Z", "2027-10-31T09:00:00+00:00", "20271031T090000Z", "2027-10-30T17:00:00.000Z"],
    ] as const) {
      await clearRecords();
      smtp.messages.length = 0;
      const { id } = await lead();
      const token = await invite(id);
      const { booking } = await bookVisit(
        token,
        {
          start: Date.parse(start),
          addressLine1: "1 Main Street",
          town: "Kippen",
          postcode: "FK8 3DN",
          accessNotes: null,
        },
        Date.parse(now),
      );
      expect(booking.start).toBe(start);
      const [job] = await queryRecords<{ due_at: Date }>(
        "SELECT due_at FROM mail_jobs WHERE kind = 'visit-reminder'",
      );
      expect(job!.due_at.toISOString()).toBe(reminder);
      // Queued at the test's "now" in 2027: due at once in real time too.
      await queryRecords(
        "UPDATE mail_jobs SET due_at = now(), give_up_at = now() + interval '1 day' WHERE kind <> 'visit-reminder'",
      );
      await settled();
      await deliverMailJobs({ limit: 10 });
      const calendars = smtp.messages
        .map((m) => m.parsed.attachments.find((f) => f.contentType.startsWith("text/calendar")))
        .filter(Boolean)
        .map((f) => parseIcs(f!.content.toString()));
      expect(calendars.length).toBe(2);
      for (const ics of calendars) {
        expect(ics.event.DTSTART!.value).toBe(dtstart);
        expect(ics.event.DTSTART!.params.TZID).toBeUndefined();
      }
    }
  });
});

describe("the desk", () => {
  test("the lead carries its visit; the agenda lists the booking; the owner moves and cancels it, the customer told", async () => {
    const customer = await lead();
    const token = await invite(customer.id);
    const leadResponse = async () => {
      const response = await call(
        submission,
        submissionConfig,
        admin(`/api/admin/contact-submissions/${customer.id}`),
      );
      return (await response.json()) as {
        visit: { status: string; booking: { id: string; start: string; status: string } | null };
      };
    };
    expect((await leadResponse()).visit).toMatchObject({ status: "invited", booking: null });
    const [slot, , , later] = (await state(token)).slots;
    await book(token, slot!.start);
    const { visit } = await leadResponse();
    expect(visit).toMatchObject({ status: "booked", booking: { start: slot!.start, status: "booked" } });

    const day = slot!.start.slice(0, 10);
    const list = await call(agenda, agendaConfig, admin(`/api/admin/visits?from=${day}&to=${day}`));
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual([
      expect.objectContaining({
        leadId: customer.id,
        name: "Catriona Ferguson",
        phone: "07700 900432",
        addressLine1: "12 Main Street",
        town: "Kippen",
        postcode: "FK8 3DN",
        start: slot!.start,
        end: slot!.end,
      }),
    ]);
    for (const bad of ["from=2027-02-30&to=2027-03-01", "from=2027-03-02&to=2027-03-01", "from=x"]) {
      expect((await call(agenda as Handler, agendaConfig, admin(`/api/admin/visits?${bad}`))).status).toBe(
        400,
      );
    }
    await settled();
    await deliverMailJobs();
    smtp.messages.length = 0;

    const id = visit.booking!.id;
    const moved = await call(
      adminVisit,
      adminVisitConfig,
      admin(`/api/admin/visits/${id}`, { method: "PATCH", body: JSON.stringify({ start: later!.start }) }),
    );
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ booking: { start: later!.start } });
    let mail = await sentMail();
    expect(mail.find((m) => m.to === customer.email)!.ics!.event.SEQUENCE!.value).toBe("1");
    smtp.messages.length = 0;

    const cancelled = await call(
      adminVisit,
      adminVisitConfig,
      admin(`/api/admin/visits/${id}`, { method: "DELETE" }),
    );
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ status: "cancelled", booking: { status: "cancelled" } });
    mail = await sentMail();
    const toCustomer = mail.find((m) => m.to === customer.email)!;
    expect(toCustomer.ics!.method).toBe("CANCEL");
    expect(toCustomer.text).toContain("we have had to cancel");
    expect(
      (
        await call(
          adminVisit as Handler,
          adminVisitConfig,
          admin(`/api/admin/visits/${crypto.randomUUID()}`, { method: "DELETE" }),
        )
      ).status,
    ).toBe(404);
  });

  const MISSING = "Invalid input: expected string, received undefined";
  test.each<[string, () => Request, Handler, Parameters<typeof routeContext>[0], unknown]>([
    [
      "an agenda without its days",
      () => admin("/api/admin/visits?from=2027-03-01"),
      agenda,
      agendaConfig,
      { error: "from and to must be dates written YYYY-MM-DD" },
    ],
    [
      "a block without its times",
      () => admin("/api/admin/visit-blocks", { method: "POST", body: "{}" }),
      blocks,
      blocksConfig,
      { error: "Invalid request", fieldErrors: { start: [MISSING], end: [MISSING] } },
    ],
    [
      "a block with times that are not, a reason too long and a field it does not have",
      () =>
        admin("/api/admin/visit-blocks", {
          method: "POST",
          body: JSON.stringify({ start: "tomorrow", end: "later", reason: "x".repeat(201), all: true }),
        }),
      blocks,
      blocksConfig,
      {
        error: "Invalid request",
        fieldErrors: {
          start: ["Must be a date and time with its offset"],
          end: ["Must be a date and time with its offset"],
          reason: ["Too big: expected string to have <=200 characters"],
          body: ['Unrecognized key: "all"'],
        },
      },
    ],
    [
      "a move without its time",
      () => admin(`/api/admin/visits/${crypto.randomUUID()}`, { method: "PATCH", body: "{}" }),
      adminVisit,
      adminVisitConfig,
      { error: "Invalid request", fieldErrors: { start: [MISSING] } },
    ],
    [
      "a move to no time, with a field it does not have",
      () =>
        admin(`/api/admin/visits/${crypto.randomUUID()}`, {
          method: "PATCH",
          body: JSON.stringify({ start: "soon", notify: false }),
        }),
      adminVisit,
      adminVisitConfig,
      {
        error: "Invalid request",
        fieldErrors: { start: ["Please choose a time"], body: ['Unrecognized key: "notify"'] },
      },
    ],
  ])("400 for %s, with its messages", async (_name, request, handler, config, expected) => {
    const response = await call(handler, config, request());
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(expected);
  });

  test("a block takes its times off every link; removing it gives them back", async () => {
    const { id } = await lead();
    const token = await invite(id);
    const before = (await state(token)).slots;
    const target = before[3]!;
    const created = await call(
      blocks,
      blocksConfig,
      admin("/api/admin/visit-blocks", {
        method: "POST",
        body: JSON.stringify({ start: target.start, end: target.end, reason: "Dentist" }),
      }),
    );
    expect(created.status).toBe(201);
    const block = (await created.json()) as { id: string; reason: string };
    expect(block.reason).toBe("Dentist");
    expect((await state(token)).slots.map((s) => s.start)).not.toContain(target.start);
    const listed = await call(blocks, blocksConfig, admin("/api/admin/visit-blocks"));
    expect(await listed.json()).toEqual([expect.objectContaining({ id: block.id })]);
    const backwards = await call(
      blocks,
      blocksConfig,
      admin("/api/admin/visit-blocks", {
        method: "POST",
        body: JSON.stringify({ start: target.end, end: target.start }),
      }),
    );
    expect(backwards.status).toBe(400);
    expect((await book(token, target.start)).status).toBe(409);
    const removed = await call(
      blocks,
      blocksConfig,
      admin(`/api/admin/visit-blocks/${block.id}`, { method: "DELETE" }),
    );
    expect(removed.status).toBe(204);
    expect((await state(token)).slots.map((s) => s.start)).toContain(target.start);
  });

  test("erasing the lead takes its invitation, visit and e-mails with it", async () => {
    const { id } = await lead();
    const token = await invite(id);
    await book(token, (await state(token)).slots[0]!.start);
    const erased = await call(
      submission,
      submissionConfig,
      admin(`/api/admin/contact-submissions/${id}`, { method: "DELETE" }),
    );
    expect(erased.status).toBe(204);
    for (const table of ["visits", "visit_invitations", "mail_jobs"])
      expect(await queryRecords(`SELECT 1 FROM ${table}`)).toEqual([]);
  });
});
