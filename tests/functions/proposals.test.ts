/**
 * Written quotes (docs/proposals.md) through their real handlers against a real PostgreSQL, Blobs
 * server and SMTP server: building and sending on a lead, the customer's link, accepting (once, even
 * when two accept at once), declining, cancelling within the 14 days in UK time, the 410s, the
 * lead's status and quoted amount, the e-mails and their reminders, the rate limit and previews.
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { QuoteRecord } from "../../netlify/lib/quote/quote-store.ts";
import { readQuote } from "../../netlify/lib/quote/quote-store.ts";
import { deliverMailJobs } from "../../netlify/lib/mail/mail-jobs.ts";
import { sendProposal, createProposal } from "../../netlify/lib/proposals/proposal-desk.ts";
import { acceptProposal, cancelAcceptance } from "../../netlify/lib/proposals/proposal-answers.ts";
import { TOKEN_REQUESTS_PER_CLIENT } from "../../netlify/lib/proposals/token-limit.ts";
import {
  AGREE_MESSAGE,
  DEPOSIT_MESSAGE,
  NAME_MESSAGE,
  type ProposalBody,
} from "../../src/lib/proposals/proposal-schema.ts";
import { useAdminSession } from "./admin-session.ts";
import { callApi } from "./api-client.ts";
import { clearLimits, clearRecords, contactedLead, queryRecords } from "./database.ts";
import { useSmtp } from "./smtp.ts";

const session = useAdminSession();
beforeEach(async () => {
  await clearRecords();
  await clearLimits();
});
afterEach(() => {
  process.env.CONTEXT = "production"; // as vitest.config.ts sets it; a test here plays a preview
});
const smtp = useSmtp();

const BODY: ProposalBody = {
  lines: [
    { description: "Re-bed and point 12 m of ridge", quantity: 12, unitPrice: 4550, vatRate: 20 },
    { description: "Scaffold tower, one week", quantity: 1, unitPrice: 35000, vatRate: 20 },
    {
      description: "Replace two cast-iron gutters",
      quantity: 2.5,
      unitPrice: 1999,
      vatRate: 20,
      optional: true,
    },
    { description: "Energy-saving loft insulation", quantity: 1, unitPrice: 1001, vatRate: 5 },
  ],
  depositPercent: 25,
  notes: "Price assumes access from the front garden.",
  startWindow: "Within 3 weeks of accepting",
};
// 12 × 45.50 = 546.00; + 350.00 = 896.00 at 20% → VAT 179.20; 10.01 at 5% → 0.5005 → 0.50.
const EXPECTED = { net: 90601, vat: 17970, total: 108571 };

/** The e-mails the SMTP server has received. */
const received = () =>
  smtp.messages.map((m) => ({
    subject: m.parsed.subject ?? "",
    to: m.envelope.to,
    text: m.parsed.text ?? "",
    attachments: m.parsed.attachments,
  }));

/** Sends what is due and waits until `count` e-mails have arrived (the handlers also send right after answering). */
async function delivered(count: number) {
  for (let i = 0; i < 100 && received().length < count; i++) {
    await deliverMailJobs();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return received();
}

const admin = (method: string, path: string, body?: object) =>
  callApi(method, path, { cookie: session.cookie, body });
const tokenOf = (customerUrl: string) => customerUrl.split("/").pop()!;

async function sentQuote(record?: QuoteRecord) {
  const owner = record ?? (await contactedLead());
  const created = await (
    await admin("POST", `/api/admin/contact-submissions/${owner.id}/proposals`, BODY)
  ).json();
  const sent = await (await admin("POST", `/api/admin/proposals/${created.id}/send`)).json();
  return { lead: owner, proposal: sent, token: tokenOf(sent.customerUrl) };
}

const accept = (
  token: string,
  body: object = { name: "Siobhán Wiśniewska", agree: true, startEarly: false },
  ip?: string,
) => callApi("POST", `/api/proposals/${token}/accept`, { body, ip });

describe("the owner builds and sends", () => {
  test("a draft with its totals to the penny; 25% is the most deposit; 404 for an unknown lead", async () => {
    const record = await contactedLead();
    const response = await admin("POST", `/api/admin/contact-submissions/${record.id}/proposals`, BODY);
    expect(response.status).toBe(201);
    const draft = await response.json();
    expect(draft).toMatchObject({
      status: "draft",
      totals: EXPECTED,
      deposit: 27143,
      version: 1,
      number: null,
    });
    const tooMuch = await admin("POST", `/api/admin/contact-submissions/${record.id}/proposals`, {
      ...BODY,
      depositPercent: 26,
    });
    expect(tooMuch.status).toBe(400);
    expect((await tooMuch.json()).fieldErrors).toEqual({ depositPercent: [DEPOSIT_MESSAGE] });
    const unknown = await admin(
      "POST",
      `/api/admin/contact-submissions/${crypto.randomUUID()}/proposals`,
      BODY,
    );
    expect(unknown.status).toBe(404);
    expect(await queryRecords("SELECT id FROM proposals")).toHaveLength(1);
    // The database refuses a deposit over 25% whatever the code does.
    await expect(queryRecords("UPDATE proposals SET deposit_percent = 26")).rejects.toThrow(
      /check constraint/,
    );
  });

  test("PUT while a draft, 409 once sent; send numbers it, e-mails the PDF, makes the lead quoted", async () => {
    const record = await contactedLead();
    const draft = await (
      await admin("POST", `/api/admin/contact-submissions/${record.id}/proposals`, BODY)
    ).json();
    const changed = await admin("PUT", `/api/admin/proposals/${draft.id}`, { ...BODY, depositPercent: 10 });
    expect(changed.status).toBe(200);
    expect((await changed.json()).deposit).toBe(10857);
    const sendAt = Date.now();
    const response = await admin("POST", `/api/admin/proposals/${draft.id}/send`);
    expect(response.status).toBe(200);
    const sent = await response.json();
    expect(sent).toMatchObject({ status: "sent", number: `${record.reference}-1` });
    expect(sent.customerUrl).toMatch(/^\/quote\/[A-Za-z0-9_-]{43}$/);
    const validFor = Date.parse(sent.validUntil) - Date.parse(sent.sentAt);
    expect(validFor).toBeGreaterThan(30 * 86400_000 - 1000);
    expect(validFor).toBeLessThan(31 * 86400_000 + 3600_000);
    expect((await admin("PUT", `/api/admin/proposals/${draft.id}`, BODY)).status).toBe(409);

    const stored = await readQuote(record.id);
    expect(stored).toMatchObject({ status: "quoted", quotedAmount: 1086 }); // £1,085.71 → £1,086
    expect(stored?.notes?.at(-1)?.text).toBe(`Quote ${sent.number} sent: £1,085.71 including VAT`);
    // Only the token's hash is stored.
    const [row] = await queryRecords<{ subject_id: string }>(
      "SELECT subject_id FROM link_tokens WHERE token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')",
      [tokenOf(sent.customerUrl)],
    );
    expect(row!.subject_id).toBe(draft.id);
    expect(JSON.stringify(await queryRecords("SELECT * FROM proposals"))).not.toContain(
      tokenOf(sent.customerUrl),
    );

    await delivered(1);
    const [mail] = received().filter((m) => m.subject.includes(sent.number));
    expect(mail?.to).toContain("siobhan@example.co.uk");
    // The e-mail carries a link of its own, drawn when it was written: it opens the same quote.
    const emailed = /\/quote\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? "")?.[1];
    expect(emailed).toBeDefined();
    expect(emailed).not.toBe(tokenOf(sent.customerUrl));
    const [opens] = await queryRecords<{ subject_id: string }>(
      "SELECT subject_id FROM link_tokens WHERE token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')",
      [emailed],
    );
    expect(opens?.subject_id).toBe(draft.id);
    expect(mail?.attachments.map((a) => a.contentType)).toEqual(["application/pdf"]);
    const jobs = await queryRecords<{ kind: string; status: string; due_at: Date }>(
      "SELECT kind, status, due_at FROM mail_jobs WHERE kind = 'proposal-reminder' ORDER BY due_at",
    );
    expect(jobs.map((j) => j.status)).toEqual(["pending", "pending"]);
    expect(jobs[0]!.due_at.getTime() - sendAt).toBeGreaterThanOrEqual(7 * 86400_000 - 5000);
    expect(Date.parse(sent.validUntil) - jobs[1]!.due_at.getTime()).toBe(3 * 86400_000);

    const leadView = await (await admin("GET", `/api/admin/contact-submissions/${record.id}`)).json();
    expect(leadView.proposals).toEqual([
      expect.objectContaining({
        id: draft.id,
        number: sent.number,
        status: "sent",
        totals: EXPECTED,
        viewedAt: null,
        decidedAt: null,
      }),
    ]);
  });

  test("a newer version sent withdraws the older: its link answers 410 'replaced'", async () => {
    const first = await sentQuote();
    const second = await (
      await admin("POST", `/api/admin/contact-submissions/${first.lead.id}/proposals`, BODY)
    ).json();
    const sent = await (await admin("POST", `/api/admin/proposals/${second.id}/send`)).json();
    expect(sent.number).toBe(`${first.lead.reference}-2`);
    expect((await (await admin("GET", `/api/admin/proposals/${first.proposal.id}`)).json()).status).toBe(
      "withdrawn",
    );
    const refused = await accept(first.token);
    expect(refused.status).toBe(410);
    expect((await refused.json()).error).toMatch(/replaced/);
    expect((await callApi("GET", `/api/proposals/${first.token}`)).status).toBe(200);
  });

  test("withdraw: 410 for the customer, reminders cancelled", async () => {
    const { proposal, token } = await sentQuote();
    const response = await admin("POST", `/api/admin/proposals/${proposal.id}/withdraw`);
    expect((await response.json()).status).toBe("withdrawn");
    expect((await accept(token)).status).toBe(410);
    const reminders = await queryRecords<{ status: string }>(
      "SELECT status FROM mail_jobs WHERE kind = 'proposal-reminder'",
    );
    expect(reminders.map((r) => r.status)).toEqual(["cancelled", "cancelled"]);
  });
});

describe("the customer's link", () => {
  test("the link is random and stored: a new password or secret leaves every sent link working", async () => {
    const first = await sentQuote();
    const second = await sentQuote();
    expect(first.token).not.toBe(second.token);
    const saved = { password: process.env.ADMIN_PASSWORD, secret: process.env.CLIENT_KEY_SECRET };
    try {
      process.env.ADMIN_PASSWORD = "a-completely-different-password-2027";
      process.env.CLIENT_KEY_SECRET = "another-client-key-secret-of-enough-length-0123456789";
      expect((await callApi("GET", `/api/proposals/${first.token}`)).status).toBe(200);
      expect((await callApi("GET", `/api/proposals/${first.token}/pdf`)).status).toBe(200);
      expect((await accept(first.token)).status).toBe(200);
      // The confirmation, written after the change, carries a link that opens the quote too.
      await delivered(4);
      const confirmation = received().find((m) =>
        m.subject.startsWith(`Quote ${first.proposal.number} accepted`),
      );
      const emailed = /\/quote\/([A-Za-z0-9_-]{43})/.exec(confirmation?.text ?? "")?.[1];
      expect((await callApi("GET", `/api/proposals/${emailed}`)).status).toBe(200);
    } finally {
      for (const [name, value] of [
        ["ADMIN_PASSWORD", saved.password],
        ["CLIENT_KEY_SECRET", saved.secret],
      ] as const)
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
    }
    const wrong = first.token.slice(0, -1) + (first.token.endsWith("A") ? "B" : "A");
    expect((await callApi("GET", `/api/proposals/${wrong}`)).status).toBe(404);
  });

  test("GET shows the quote, not the owner's notes; the first read records viewedAt; 404 for unknown tokens", async () => {
    const { lead: record, proposal, token } = await sentQuote();
    const response = await callApi("GET", `/api/proposals/${token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    const view = await response.json();
    expect(view).toMatchObject({
      number: proposal.number,
      status: "viewed",
      customer: { name: "Siobhán Wiśniewska" },
      totals: EXPECTED,
      deposit: 27143,
      business: { vatNumber: "GB 123 4567 89" },
      // Where to pay, frozen with the quote from content/business.yaml's bank details.
      bank: {
        accountName: "Glenbrae Roofing & Roughcasting",
        sortCode: "12-34-56",
        accountNumber: "12345678",
      },
      documentHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      decision: null,
    });
    // A homeowner's quote carries the right to cancel, not the trade customer's terms.
    expect(view.terms.tradeCancellation).toBeUndefined();
    expect(view.terms.cancellationNotice).toContain(
      "You have the right to cancel this contract within 14 days",
    );
    expect(JSON.stringify(view)).not.toContain(record.phone);
    expect(JSON.stringify(view)).not.toContain("Ridge tiles loose");
    const first = (await (await admin("GET", `/api/admin/proposals/${proposal.id}`)).json()).viewedAt;
    expect(first).not.toBeNull();
    await callApi("GET", `/api/proposals/${token}`);
    expect((await (await admin("GET", `/api/admin/proposals/${proposal.id}`)).json()).viewedAt).toBe(first);
    expect((await callApi("GET", `/api/proposals/${"A".repeat(43)}`)).status).toBe(404);
    expect((await callApi("GET", "/api/proposals/short")).status).toBe(404);
  });

  test("accept: field errors word for word; then 200 with the chosen option, the lead won, e-mails with the PDF", async () => {
    const { lead: record, proposal, token } = await sentQuote();
    const refused = await accept(token, { name: " ", agree: false, startEarly: false });
    expect(refused.status).toBe(400);
    expect((await refused.json()).fieldErrors).toEqual({ name: [NAME_MESSAGE], agree: [AGREE_MESSAGE] });
    expect((await accept(token, { name: "S W", agree: true, startEarly: false, options: [0] })).status).toBe(
      400,
    );

    const response = await accept(token, {
      name: "Siobhán Wiśniewska",
      agree: true,
      startEarly: true,
      options: [2],
      propertyAddress: { line1: "12 Station Road", town: "Kippen", postcode: "fk8 3dn" },
    });
    expect(response.status).toBe(200);
    const view = await response.json();
    // The page names the property from now on: the address given at acceptance, as kept.
    expect(view.propertyAddress).toEqual({ line1: "12 Station Road", town: "Kippen", postcode: "FK8 3DN" });
    // + 2.5 × 19.99 = 49.975 → 49.98 at 20% (VAT on 945.98 → 189.196 → 189.20)
    expect(view.status).toBe("accepted");
    expect(view.decision).toMatchObject({
      kind: "accepted",
      name: "Siobhán Wiśniewska",
      options: [2],
      startEarly: true,
      totals: { net: 95599, vat: 18970, total: 114569 },
      deposit: 28642,
    });
    const [acceptance] = await queryRecords<Record<string, unknown>>("SELECT * FROM proposal_acceptances");
    expect(acceptance).toMatchObject({
      name: "Siobhán Wiśniewska",
      start_early: true,
      options: [2],
      document_hash: view.documentHash,
      property_address: { line1: "12 Station Road", town: "Kippen", postcode: "FK8 3DN" },
    });
    expect(acceptance!.client_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(acceptance)).not.toContain("192.0.2");
    await expect(queryRecords("UPDATE proposal_acceptances SET name = 'Someone else'")).rejects.toThrow(
      /never changed/,
    );
    await expect(queryRecords("DELETE FROM proposal_acceptances")).rejects.toThrow(/only with its lead/);

    const stored = await readQuote(record.id);
    expect(stored?.status).toBe("won");
    expect(stored?.notes?.at(-1)?.text).toMatch(
      /accepted online by Siobhán Wiśniewska: £1,145.69 including VAT; asked to start within the 14 days/,
    );
    expect((await accept(token)).status).toBe(409);
    expect((await callApi("POST", `/api/proposals/${token}/decline`, { body: {} })).status).toBe(409);

    await delivered(3);
    const subjects = received().map((m) => m.subject);
    expect(subjects).toContain(`Quote ${proposal.number} accepted – Glenbrae Roofing & Roughcasting`);
    expect(subjects).toContain(`Quote accepted: ${proposal.number} – £1,145.69`);
    const confirmation = received().find((m) => m.subject.startsWith(`Quote ${proposal.number} accepted`));
    expect(confirmation?.attachments[0]?.filename).toBe(`Accepted quote ${proposal.number}.pdf`);
    const reminders = await queryRecords<{ status: string }>(
      "SELECT status FROM mail_jobs WHERE kind = 'proposal-reminder'",
    );
    expect(reminders.map((r) => r.status)).toEqual(["cancelled", "cancelled"]);

    // Erasing the lead takes its quotes and the acceptance with it.
    expect((await admin("DELETE", `/api/admin/contact-submissions/${record.id}`)).status).toBe(204);
    expect(await queryRecords("SELECT * FROM proposal_acceptances")).toEqual([]);
  });

  test("two accepts at once: exactly one 200 and one 409", async () => {
    const { token } = await sentQuote();
    const answers = await Promise.all([accept(token), accept(token), accept(token)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await queryRecords("SELECT proposal_id FROM proposal_acceptances")).toHaveLength(1);
  });

  test("decline with a reason: the lead lost with a note saying why, the owner told", async () => {
    const { lead: record, proposal, token } = await sentQuote();
    const tooLong = await callApi("POST", `/api/proposals/${token}/decline`, {
      body: { reason: "x".repeat(501) },
    });
    expect(tooLong.status).toBe(400);
    const response = await callApi("POST", `/api/proposals/${token}/decline`, {
      body: { reason: "Went with a neighbour's roofer" },
    });
    expect(response.status).toBe(200);
    expect((await response.json()).status).toBe("declined");
    const stored = await readQuote(record.id);
    expect(stored?.status).toBe("lost");
    expect(stored?.notes?.at(-1)?.text).toBe(
      `Quote ${proposal.number} declined online: Went with a neighbour's roofer`,
    );
    await delivered(2);
    expect(received().map((m) => m.subject)).toContain(`Quote declined: ${proposal.number}`);
  });

  test("expired after its 30 days: 410", async () => {
    const record = await contactedLead();
    const draft = await createProposal(record.id, BODY, Date.parse("2026-01-05T10:00:00Z"));
    const { proposal } = await sendProposal(draft.id, Date.parse("2026-01-05T10:00:00Z"));
    expect(proposal.validUntil).toBe("2026-02-04T23:59:59.999Z");
    const token = tokenOf(proposal.customerUrl!);
    const view = await (await callApi("GET", `/api/proposals/${token}`)).json();
    expect(view.status).toBe("expired");
    const refused = await accept(token);
    expect(refused.status).toBe(410);
    expect((await refused.json()).error).toMatch(/expired/);
  });
});

describe("cancelling within the 14 days, in UK time", () => {
  const client = { clientHash: "a".repeat(64), userAgent: "test" };
  const answer = { name: "Siobhán Wiśniewska", agree: true as const, startEarly: false };

  test.each([
    // Accepted 00:30 BST on 21 October; the clocks go back on 25 October: the period ends at midnight GMT on 4/5 November.
    [
      "across the October change",
      "2026-10-20T23:30:00Z",
      "2026-11-04T23:59:59.000Z",
      "2026-11-05T00:00:00.000Z",
      "Wednesday 4 November 2026",
    ],
    // Accepted 10:00 GMT on 20 March; the clocks go forward on 29 March: the period ends at midnight BST on 3/4 April.
    [
      "across the March change",
      "2026-03-20T10:00:00Z",
      "2026-04-03T22:59:59.000Z",
      "2026-04-03T23:00:00.000Z",
      "Friday 3 April 2026",
    ],
  ])("%s", async (_name, acceptedAt, lastMoment, tooLate, day) => {
    const record = await contactedLead();
    const sentAt = Date.parse(acceptedAt) - 86400_000;
    const draft = await createProposal(record.id, BODY, sentAt);
    const { proposal } = await sendProposal(draft.id, sentAt);
    const token = tokenOf(proposal.customerUrl!);
    await acceptProposal(token, answer, client, Date.parse(acceptedAt));
    await expect(cancelAcceptance(token, "Siobhán Wiśniewska", Date.parse(tooLate))).rejects.toMatchObject({
      status: 409,
      message: `The 14-day cancellation period ended on ${day}. Please contact us.`,
    });
    const { view } = await cancelAcceptance(token, "Siobhán Wiśniewska", Date.parse(lastMoment));
    expect(view.status).toBe("cancelled");
    const stored = await readQuote(record.id);
    expect(stored?.status).toBe("lost");
    expect(stored?.notes?.at(-1)?.text).toMatch(
      /cancelled online by Siobhán Wiśniewska within the 14-day cancellation period/,
    );
  });

  test("through the endpoint: 200 once, the owner told", async () => {
    const { proposal, token } = await sentQuote();
    expect(
      (await callApi("POST", `/api/proposals/${token}/cancel`, { body: { name: "Siobhán" } })).status,
    ).toBe(409);
    await accept(token);
    const response = await callApi("POST", `/api/proposals/${token}/cancel`, {
      body: { name: "Siobhán Wiśniewska" },
    });
    expect(response.status).toBe(200);
    expect((await response.json()).status).toBe("cancelled");
    expect(
      (await callApi("POST", `/api/proposals/${token}/cancel`, { body: { name: "Siobhán Wiśniewska" } }))
        .status,
    ).toBe(409);
    await delivered(4);
    expect(received().map((m) => m.subject)).toContain(`Quote cancelled: ${proposal.number}`);
  });
});

describe("the PDF, limits and previews", () => {
  test("the PDF downloads as an attachment", async () => {
    const { proposal, token } = await sentQuote();
    const response = await callApi("GET", `/api/proposals/${token}/pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="Quote ${proposal.number}.pdf"`,
    );
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
  });

  test(`more than ${TOKEN_REQUESTS_PER_CLIENT} token requests from one client: 429 with Retry-After`, async () => {
    const { token } = await sentQuote();
    for (let i = 0; i < TOKEN_REQUESTS_PER_CLIENT; i++)
      expect((await callApi("GET", `/api/proposals/${token}`, { ip: "203.0.113.9" })).status).toBe(200);
    const refused = await callApi("GET", `/api/proposals/${"B".repeat(43)}`, { ip: "203.0.113.9" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await callApi("GET", `/api/proposals/${token}`, { ip: "203.0.113.10" })).status).toBe(200);
  });

  test("a Deploy Preview answers 404 on every token endpoint", async () => {
    const { token } = await sentQuote();
    process.env.CONTEXT = "deploy-preview";
    expect((await callApi("GET", `/api/proposals/${token}`)).status).toBe(404);
    expect((await callApi("GET", `/api/proposals/${token}/pdf`)).status).toBe(404);
    expect((await accept(token)).status).toBe(404);
    process.env.CONTEXT = "production";
    expect((await callApi("GET", `/api/proposals/${token}`)).status).toBe(200);
  });

  test("admin endpoints need a session", async () => {
    const record = await contactedLead();
    const response = await callApi("POST", `/api/admin/contact-submissions/${record.id}/proposals`, {
      body: BODY,
    });
    expect(response.status).toBe(401);
  });
});
