/**
 * Getting paid (docs/payments.md) through the real handlers against a real PostgreSQL, Blobs server
 * and SMTP server: the deposit asked for on acceptance, a bank payment and its VAT receipt, the
 * invoice and the guarantee issued on completion (numbers without gaps under concurrency), the
 * invoice's reminders, the guarantee check, Stripe's webhook signed with the official package's own
 * helper, the refund due on cancellation, the desk's money and the accountant's CSV.
 */
import { parse as parseCsv } from "csv-parse/sync";
import { createHash } from "node:crypto";
import Stripe from "stripe";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { QuoteRecord } from "../../netlify/lib/quote/quote-store.ts";
import { businessDetails } from "../../netlify/lib/business.ts";
import { LOCK_TIMEOUT_MS, transaction } from "../../netlify/lib/database/database.ts";
import { deliverMailJobs } from "../../netlify/lib/mail/mail-jobs.ts";
import { nextDocumentNumber } from "../../netlify/lib/payments/payment-records.ts";
import { XERO_COLUMNS } from "../../netlify/lib/payments/xero-invoices.ts";
import { dueFollowUps } from "../../netlify/lib/follow-up/due-follow-ups.ts";
import { GUARANTEE_CHECKS_PER_HOUR } from "../../netlify/functions/guarantee-check.mts";
import { describeAuditEvent, type AuditEvent } from "../../src/lib/admin/audit.ts";
import { PAYMENT_TEXTS } from "../../src/lib/payments/payment-rules.ts";
import { formatPounds } from "../../src/lib/proposals/money.ts";
import { londonDate } from "../../src/lib/visits/london-time.ts";
import { callApi } from "./api-client.ts";
import { londonTime } from "./clock.ts";
import { contactedLead, datedBack, queryRecords } from "./database.ts";
import {
  heldBack,
  PAYMENT_ADDRESS as ADDRESS,
  PAYMENT_DEPOSIT as DEPOSIT,
  PAYMENT_TOTAL as TOTAL,
  usePaymentFixtures,
  todayUk as today,
} from "./payment-fixtures.ts";

const WEBHOOK_SECRET = "whsec_test_secret_for_the_payments_tests_only";

const { session, smtp, admin, sentQuote, acceptedQuote, pay, complete, mailWith } = usePaymentFixtures();
beforeEach(() => {
  process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
});
afterEach(() => {
  delete process.env.STRIPE_WEBHOOK_SECRET;
  delete process.env.STRIPE_SECRET_KEY;
});

const lead = (overrides: Partial<QuoteRecord> = {}) =>
  contactedLead({
    serviceRequired: "new-installation",
    message: "The whole roof needs doing.",
    ...overrides,
  });

const JOB_VAT = 17970;
// The deposit's VAT: 268.80 of it at 20% holds 44.80; 2.63 at 5% holds 0.13 (12.52p, half up).
const DEPOSIT_VAT = 4480 + 13;

const received = () =>
  smtp.messages.map((m) => ({
    subject: m.parsed.subject ?? "",
    to: m.envelope.to,
    text: m.parsed.text ?? "",
    attachments: m.parsed.attachments.map((a: { filename?: string; contentType: string }) => ({
      filename: a.filename,
      contentType: a.contentType,
    })),
  }));

/** Sends what is due until an e-mail whose subject starts with `start` has arrived; the e-mails so far. */
async function mailsWith(start: string) {
  await mailWith(start);
  return received();
}

/** Sends every queued e-mail in one run, however long drawing their PDFs takes; the PDFs named `start…` that arrived. */
async function mailedPdfs(start: string): Promise<string[]> {
  await deliverMailJobs({ budgetMs: 100_000, timeoutMs: 60_000 });
  return received()
    .flatMap((mail) => mail.attachments.map((attachment) => attachment.filename ?? ""))
    .filter((name) => name.startsWith(start))
    .sort();
}

describe("the deposit", () => {
  test("an accepted quote asks for its deposit: on the customer's page with the bank details, and in the desk", async () => {
    const quote = await acceptedQuote();
    expect(quote.accepted.payment).toMatchObject({
      deposit: DEPOSIT,
      paid: 0,
      dueNow: DEPOSIT,
      balance: TOTAL,
      reference: quote.number,
      bank: {
        accountName: "Glenbrae Roofing & Roughcasting",
        sortCode: "12-34-56",
        accountNumber: "12345678",
      },
      card: false,
    });
    const page = await (await callApi("GET", `/api/proposals/${quote.token}`)).json();
    expect(page.payment.dueNow).toBe(DEPOSIT);
    const desk = await (await admin("GET", `/api/admin/proposals/${quote.id}/payments`)).json();
    expect(desk).toMatchObject({
      requested: [
        { kind: "deposit", number: quote.number, amount: DEPOSIT, requestedOn: today(), dueOn: null },
      ],
      payments: [],
      total: TOTAL,
      paid: 0,
      balance: TOTAL,
    });
    const mail = (await mailsWith(`Quote ${quote.number} accepted`)).find((m) =>
      m.subject.startsWith(`Quote ${quote.number} accepted`),
    )!;
    expect(mail.text).toContain(`The deposit of ${formatPounds(DEPOSIT)} is due now`);
    expect(mail.text).toContain("sort code 12-34-56, account 12345678");
    expect(mail.text).toContain("not a VAT invoice");
  });

  test("a quote not yet accepted has nothing to pay", async () => {
    const sent = await sentQuote((await lead()).id);
    const page = await (await callApi("GET", `/api/proposals/${sent.token}`)).json();
    expect(page.payment).toBeNull();
    const refused = await pay(sent.id, 1000);
    expect(refused.status).toBe(409);
    expect((await refused.json()).error).toBe(PAYMENT_TEXTS.notAccepted);
  });
});

describe("a bank payment recorded in the desk", () => {
  test("refuses nothing, more than is owed and a day in the future, naming what is owed", async () => {
    const quote = await acceptedQuote();
    for (const amount of [0, -100]) {
      const response = await pay(quote.id, amount);
      expect(response.status).toBe(400);
      expect((await response.json()).fieldErrors.amount).toEqual([
        `${PAYMENT_TEXTS.amount} (${formatPounds(TOTAL)})`,
      ]);
    }
    const over = await pay(quote.id, TOTAL + 1);
    expect(over.status).toBe(400);
    expect((await over.json()).fieldErrors.amount).toEqual([
      `That is more than the ${formatPounds(TOTAL)} still owed`,
    ]);
    const tomorrow = londonDate(Date.now() + 36 * 60 * 60 * 1000);
    for (const receivedOn of [tomorrow, "2026-02-30", "yesterday"]) {
      const response = await pay(quote.id, 1000, receivedOn);
      expect(response.status).toBe(400);
      expect((await response.json()).fieldErrors.receivedOn).toEqual([PAYMENT_TEXTS.receivedOn]);
    }
    expect(await queryRecords("SELECT 1 FROM payments")).toHaveLength(0);
  });

  test("the same transfer recorded twice is refused the second time when it is more than is left", async () => {
    const quote = await acceptedQuote();
    expect((await pay(quote.id, TOTAL - 100)).status).toBe(201);
    const again = await pay(quote.id, TOTAL - 100);
    expect(again.status).toBe(400);
    expect((await again.json()).fieldErrors.amount).toEqual(["That is more than the £1.00 still owed"]);
    expect(await queryRecords("SELECT 1 FROM payments")).toHaveLength(1);
  });

  test("is stored with its VAT to the penny and confirmed by e-mail with a VAT receipt", async () => {
    const quote = await acceptedQuote();
    await mailsWith("Quote accepted");
    const response = await pay(quote.id, DEPOSIT);
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      amount: DEPOSIT,
      vat: DEPOSIT_VAT,
      method: "bank",
      receivedOn: today(),
      receiptNumber: "R-000001",
      invoiceNumber: null,
    });
    const receipt = (await mailsWith("Payment received")).find((m) =>
      m.subject.startsWith("Payment received"),
    )!;
    expect(receipt.subject).toBe(
      `Payment received: ${formatPounds(DEPOSIT)} – Glenbrae Roofing & Roughcasting`,
    );
    expect(receipt.to).toEqual(["siobhan@example.co.uk"]);
    expect(receipt.attachments).toEqual([
      { filename: "Receipt R-000001.pdf", contentType: "application/pdf" },
    ]);
    expect(receipt.text).toContain(`Still to pay on the job: ${formatPounds(TOTAL - DEPOSIT)}`);
    const desk = await (await admin("GET", `/api/admin/proposals/${quote.id}/payments`)).json();
    expect(desk).toMatchObject({ paid: DEPOSIT, balance: TOTAL - DEPOSIT, dueNow: 0 });
    const lead = await (await admin("GET", `/api/admin/contact-submissions/${quote.lead.id}`)).json();
    expect(lead.notes.at(-1).text).toContain(`${formatPounds(DEPOSIT)} received by bank transfer`);
  });

  test("receipt numbers run without gaps when many payments arrive at once", async () => {
    // One after another, as in the invoices' test below: each acceptance draws its PDF in this process.
    const quotes: Awaited<ReturnType<typeof acceptedQuote>>[] = [];
    for (let i = 0; i < 6; i++) quotes.push(await acceptedQuote());
    const responses = await heldBack(() =>
      Promise.all(quotes.flatMap((quote) => [pay(quote.id, 1000), pay(quote.id, 2000), pay(quote.id, 3000)])),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(18).fill(201));
    const numbers = Array.from({ length: 18 }, (_, i) => `R-${String(i + 1).padStart(6, "0")}`);
    const rows = await queryRecords<{ receipt_number: string }>(
      "SELECT receipt_number FROM payments ORDER BY 1",
    );
    expect(rows.map((row) => row.receipt_number)).toEqual(numbers);
    expect(await mailedPdfs("Receipt ")).toEqual(numbers.map((number) => `Receipt ${number}.pdf`));
  }, 180_000);
});

describe("completion", () => {
  test("issues the VAT invoice for the balance and the guarantee, e-mailed together as PDFs", async () => {
    const quote = await acceptedQuote();
    await pay(quote.id, DEPOSIT);
    await mailsWith("Payment received");
    // Before: what completing would issue, for the desk's "Job done?" (the balance; new roofs' term).
    const before = await (await admin("GET", `/api/admin/proposals/${quote.id}/payments`)).json();
    expect(before.onCompletion).toEqual({
      invoice: TOTAL - DEPOSIT,
      guarantee: {
        work: "New roofs",
        years: 10,
        conditions: expect.stringMatching(/^The guarantee covers our workmanship/),
      },
    });
    const response = await complete(quote.lead.id);
    expect(response.status).toBe(200);
    const after = await (await admin("GET", `/api/admin/proposals/${quote.id}/payments`)).json();
    expect(after.onCompletion).toBeNull();
    const body = await response.json();
    const dueOn = londonDate(Date.now() + 7 * 24 * 60 * 60 * 1000);
    expect(body.invoices).toEqual([
      {
        number: "INV-000001",
        issuedOn: today(),
        dueOn,
        total: TOTAL - DEPOSIT,
        paidOn: null,
        proposalNumber: quote.number,
      },
    ]);
    // A new roof: 10 years from content, to the same day.
    const [year, rest] = [Number(today().slice(0, 4)), today().slice(4)];
    expect(body.guarantee).toEqual({
      number: expect.stringMatching(/^G-[0-9A-Z]{4}-[0-9A-Z]{4}$/),
      validUntil: `${year + 10}${rest}`,
    });
    const [invoice] = await queryRecords<{
      net: number;
      vat: number;
      total: number;
      document: { paidBefore: unknown[]; customer: unknown };
    }>("SELECT net, vat, total, document FROM invoices");
    expect(invoice).toMatchObject({
      total: TOTAL - DEPOSIT,
      vat: JOB_VAT - DEPOSIT_VAT,
      net: TOTAL - DEPOSIT - (JOB_VAT - DEPOSIT_VAT),
    });
    expect(invoice!.document.paidBefore).toEqual([
      { receiptNumber: "R-000001", receivedOn: today(), amount: DEPOSIT, vat: DEPOSIT_VAT },
    ]);
    expect(invoice!.document.customer).toEqual({
      name: "Siobhán Wiśniewska",
      address: { ...ADDRESS, postcode: "FK8 3DN" },
    });
    const mail = (await mailsWith("Invoice INV-000001")).find((m) =>
      m.subject.startsWith("Invoice INV-000001"),
    )!;
    expect(mail.attachments).toEqual([
      { filename: "Invoice INV-000001.pdf", contentType: "application/pdf" },
      { filename: `Guarantee ${body.guarantee.number}.pdf`, contentType: "application/pdf" },
    ]);
    expect(mail.text).toContain(`Amount due: ${formatPounds(TOTAL - DEPOSIT)}`);
    // Reminders 1 and 7 days after the due date, at 09:00 UK time.
    const reminders = await queryRecords<{ due_at: Date }>(
      "SELECT due_at FROM mail_jobs WHERE kind = 'invoice-reminder' AND status = 'pending' ORDER BY due_at",
    );
    expect(reminders.map((r) => londonDate(r.due_at.getTime()))).toEqual([
      londonDate(Date.parse(`${dueOn}T12:00:00Z`) + 24 * 60 * 60 * 1000),
      londonDate(Date.parse(`${dueOn}T12:00:00Z`) + 7 * 24 * 60 * 60 * 1000),
    ]);
    for (const r of reminders) expect(londonTime(r.due_at)).toBe("09:00");
    // Completing again issues nothing new.
    await callApi("PATCH", `/api/admin/contact-submissions/${quote.lead.id}`, {
      cookie: session.cookie,
      body: { status: "won" },
    });
    expect((await complete(quote.lead.id)).status).toBe(200);
    expect(await queryRecords("SELECT 1 FROM invoices")).toHaveLength(1);
  });

  test("a repair takes the first term (5 years); paying the balance marks the invoice paid and stops its reminders", async () => {
    const quote = await acceptedQuote({ record: { serviceRequired: "roof-repairs" } });
    const body = await (await complete(quote.lead.id)).json();
    const [year, rest] = [Number(today().slice(0, 4)), today().slice(4)];
    expect(body.guarantee.validUntil).toBe(`${year + 5}${rest}`);
    expect(body.invoices[0].total).toBe(TOTAL);
    const response = await pay(quote.id, TOTAL);
    expect(response.status).toBe(201);
    expect((await response.json()).invoiceNumber).toBe("INV-000001");
    const [invoice] = await queryRecords<{ paid_on: string }>(
      "SELECT paid_on::text AS paid_on FROM invoices",
    );
    expect(invoice!.paid_on).toBe(today());
    expect(
      await queryRecords("SELECT 1 FROM mail_jobs WHERE kind = 'invoice-reminder' AND status = 'pending'"),
    ).toHaveLength(0);
  });

  test("needs the property's address when no visit or acceptance gave it, and writes nothing until then", async () => {
    const quote = await acceptedQuote({ address: false });
    const refused = await complete(quote.lead.id);
    expect(refused.status).toBe(400);
    expect((await refused.json()).fieldErrors).toEqual({ propertyAddress: [PAYMENT_TEXTS.propertyAddress] });
    expect(await queryRecords("SELECT 1 FROM invoices")).toHaveLength(0);
    const [row] = await queryRecords<{ status: string }>("SELECT status FROM leads WHERE id = $1", [
      quote.lead.id,
    ]);
    expect(row!.status).toBe("won");
    const done = await complete(quote.lead.id, {
      propertyAddress: { line1: "Mains of Boquhan", town: "Kippen", postcode: "FK8 3HY" },
    });
    expect(done.status).toBe(200);
    const [guarantee] = await queryRecords<{ postcode: string }>("SELECT postcode FROM guarantees");
    expect(guarantee!.postcode).toBe("FK8 3HY");
  });

  test("a lead with no accepted quote completes as before, with no invoice", async () => {
    const record = await lead({ status: "won" });
    const response = await complete(record.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "completed", invoices: [], guarantee: null });
  });

  test("invoice numbers run in one sequence without gaps or repeats when many are issued at once, a refused one included", async () => {
    // The quotes are made one after another: each acceptance draws and e-mails its PDF in this one
    // process, where deployed each has an instance of its own. What is tested is the completions at once.
    const quotes: Awaited<ReturnType<typeof acceptedQuote>>[] = [];
    for (let i = 0; i < 24; i++) quotes.push(await acceptedQuote({ address: i !== 5 }));
    const responses = await heldBack(() => Promise.all(quotes.map((quote) => complete(quote.lead.id))));
    expect(responses.map((r) => r.status).sort()).toEqual([...Array(23).fill(200), 400]);
    const numbers = Array.from({ length: 23 }, (_, i) => `INV-${String(i + 1).padStart(6, "0")}`);
    const rows = await queryRecords<{ number: string; sequence: number }>(
      "SELECT number, sequence FROM invoices ORDER BY sequence",
    );
    expect(rows.map((row) => row.number)).toEqual(numbers);
    expect(await mailedPdfs("Invoice ")).toEqual(numbers.map((number) => `Invoice ${number}.pdf`));
  }, 180_000);

  test("a number held longer than the lock time-out is waited for in line, not given up and started again", async () => {
    const holding = Promise.withResolvers<void>();
    const first = transaction(async (client) => {
      const number = await nextDocumentNumber(client, "receipt");
      holding.resolve();
      await new Promise((resolve) => setTimeout(resolve, LOCK_TIMEOUT_MS + 700));
      return number;
    });
    await holding.promise;
    let tries = 0;
    const second = transaction(async (client) => {
      tries++;
      const number = await nextDocumentNumber(client, "receipt");
      const { rows } = await client.query<{ lock_timeout: string }>("SHOW lock_timeout");
      return { number, lockTimeout: rows[0]!.lock_timeout };
    });
    expect(await first).toBe(1);
    expect(await second).toEqual({ number: 2, lockTimeout: `${LOCK_TIMEOUT_MS / 1000}s` });
    expect(tries).toBe(1);
  });
});

describe("the guarantee check", () => {
  test("a certificate checks out with its postcode, written any way; not with another postcode or number, the same 404", async () => {
    const quote = await acceptedQuote();
    const { guarantee } = await (await complete(quote.lead.id)).json();
    const check = (number: string, postcode: string, ip?: string) =>
      callApi(
        "GET",
        `/api/guarantees/check?number=${encodeURIComponent(number)}&postcode=${encodeURIComponent(postcode)}`,
        { ip },
      );
    const ok = await check(guarantee.number.toLowerCase(), "fk83dn");
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({
      valid: true,
      validUntil: guarantee.validUntil,
      work: "New roofs: Re-bed and point 12 m of ridge; Scaffold tower, one week; Energy-saving loft insulation",
      completedOn: today(),
    });
    // Typed without its dashes, or with spaces for them, in any case.
    for (const typed of [
      guarantee.number.replaceAll("-", "").toLowerCase(),
      guarantee.number.replaceAll("-", " "),
    ])
      expect((await check(typed, "FK83DN")).status, typed).toBe(200);
    const wrongPostcode = await check(guarantee.number, "FK8 3DP");
    const wrongNumber = await check("G-2222-2222", "FK8 3DN");
    expect([wrongPostcode.status, wrongNumber.status]).toEqual([404, 404]);
    const [a, b] = [await wrongPostcode.json(), await wrongNumber.json()];
    expect(a).toEqual(b);
    expect(a.error).toBe(PAYMENT_TEXTS.guaranteeNotFound);
  });

  test(`is limited to ${GUARANTEE_CHECKS_PER_HOUR} checks per client an hour`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= GUARANTEE_CHECKS_PER_HOUR; i++)
      statuses.push(
        (
          await callApi("GET", "/api/guarantees/check?number=G-2222-2222&postcode=FK8%203DN", {
            ip: "203.0.113.9",
          })
        ).status,
      );
    expect(statuses.slice(0, GUARANTEE_CHECKS_PER_HOUR)).toEqual(Array(GUARANTEE_CHECKS_PER_HOUR).fill(404));
    const limited = await callApi("GET", "/api/guarantees/check?number=G-2222-2222&postcode=FK8%203DN", {
      ip: "203.0.113.9",
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(
      (
        await callApi("GET", "/api/guarantees/check?number=G-2222-2222&postcode=FK8%203DN", {
          ip: "203.0.113.10",
        })
      ).status,
    ).toBe(404);
  });
});

describe("card payments through Stripe's webhook", () => {
  function event(
    proposalId: string,
    amount: number,
    sessionId = `cs_test_${crypto.randomUUID().replaceAll("-", "")}`,
  ) {
    return JSON.stringify({
      id: `evt_${crypto.randomUUID().replaceAll("-", "")}`,
      object: "event",
      type: "checkout.session.completed",
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: sessionId,
          object: "checkout.session",
          amount_total: amount,
          currency: "gbp",
          payment_status: "paid",
          client_reference_id: proposalId,
          metadata: { proposalId },
        },
      },
    });
  }
  const signed = (payload: string, secret = WEBHOOK_SECRET) =>
    callApi("POST", "/api/stripe/webhook", {
      body: payload,
      headers: {
        "Content-Type": "application/json",
        "Stripe-Signature": Stripe.webhooks.generateTestHeaderString({ payload, secret }),
      },
    });

  test("a signed event records the payment once, however often Stripe sends it, even at once", async () => {
    const quote = await acceptedQuote();
    const payload = event(quote.id, DEPOSIT);
    const first = await signed(payload);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, recorded: true });
    const again = await Promise.all([signed(payload), signed(payload), signed(payload)]);
    expect(again.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await Promise.all(again.map((r) => r.json()))).toEqual(
      Array(3).fill({ received: true, recorded: false }),
    );
    const rows = await queryRecords<{ amount: number; method: string; vat: number }>(
      "SELECT amount, method, vat FROM payments",
    );
    expect(rows).toEqual([{ amount: DEPOSIT, method: "card", vat: DEPOSIT_VAT }]);
    await mailsWith("Payment received");
    await deliverMailJobs();
    expect(received().filter((m) => m.subject.startsWith("Payment received"))).toHaveLength(1);
  });

  test("a forged or unsigned event is refused with 400 and records nothing", async () => {
    const quote = await acceptedQuote();
    const payload = event(quote.id, DEPOSIT);
    expect((await signed(payload, "whsec_someone_else")).status).toBe(400);
    const tampered = await callApi("POST", "/api/stripe/webhook", {
      body: payload.replace(String(DEPOSIT), "1"),
      headers: {
        "Content-Type": "application/json",
        "Stripe-Signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
    });
    expect(tampered.status).toBe(400);
    const unsigned = await callApi("POST", "/api/stripe/webhook", {
      body: payload,
      headers: { "Content-Type": "application/json" },
    });
    expect(unsigned.status).toBe(400);
    expect(await queryRecords("SELECT 1 FROM payments")).toHaveLength(0);
  });

  test("a paid session for a quote that is not here is answered 200 and recorded nowhere (Stripe would retry for days)", async () => {
    const response = await signed(event(crypto.randomUUID(), 5000));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, recorded: false });
    expect(await queryRecords("SELECT 1 FROM payments")).toHaveLength(0);
  });

  test("a card payment above what is owed keeps the excess apart: no VAT in it, a balance of nothing, a refund due", async () => {
    const quote = await acceptedQuote();
    // The whole job and £12.34 more, in one card payment (Stripe decides the amount).
    expect((await signed(event(quote.id, TOTAL + 1234))).status).toBe(200);
    const rows = await queryRecords<{ amount: number; excess: number; vat: number }>(
      "SELECT amount, excess, vat FROM payments",
    );
    // The receipt declares the job's VAT, not more.
    expect(rows).toEqual([{ amount: TOTAL + 1234, excess: 1234, vat: JOB_VAT }]);
    const desk = await (await admin("GET", `/api/admin/proposals/${quote.id}/payments`)).json();
    expect(desk.balance).toBe(0);
    expect(desk.paid).toBe(TOTAL);
    expect(desk.refund).toMatchObject({
      reason: "overpaid",
      paid: 1234,
      cancelledAt: null,
      amount: null,
      confirmedAt: null,
    });
    const money = await (await admin("GET", "/api/admin/money")).json();
    expect(money.refunds).toMatchObject([{ number: quote.number, reason: "overpaid", paid: 1234 }]);
    const mail = (await mailsWith("Payment received")).find((m) => m.subject.startsWith("Payment received"))!;
    expect(mail.text).toContain(
      `That is ${formatPounds(1234)} more than was owed: we will refund it to your card.`,
    );
    expect(mail.text).toContain("The job is now paid in full.");
    // Nothing more is owed: a bank payment is refused naming £0.00.
    const more = await pay(quote.id, 100);
    expect(more.status).toBe(400);
    expect((await more.json()).fieldErrors.amount).toEqual([
      `That is more than the ${formatPounds(0)} still owed`,
    ]);
    // The owner gives back all of the excess; it held no VAT.
    expect((await admin("POST", `/api/admin/proposals/${quote.id}/refund`, { amount: 1000 })).status).toBe(
      400,
    );
    const confirmed = await admin("POST", `/api/admin/proposals/${quote.id}/refund`, { amount: 1234 });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({ reason: "overpaid", paid: 1234, amount: 1234 });
    const csv = parseCsv(
      (await (await admin("GET", "/api/admin/invoices?format=csv")).text()).replace(/^\ufeff/, ""),
    );
    expect(csv.find((row) => row[0] === "Refund")?.slice(6, 9)).toEqual(["-12.34", "0.00", "-12.34"]);
  });

  test("an overpayment then a cancellation: one refund of all that was paid, with the VAT the receipt declared", async () => {
    const quote = await acceptedQuote();
    expect((await signed(event(quote.id, TOTAL + 500))).status).toBe(200);
    const cancelled = await callApi("POST", `/api/proposals/${quote.token}/cancel`, {
      body: { name: "Siobhán Wiśniewska" },
    });
    expect(cancelled.status).toBe(200);
    const refunds = await queryRecords<{ reason: string; paid: number }>("SELECT reason, paid FROM refunds");
    expect(refunds).toEqual([{ reason: "cancelled", paid: TOTAL + 500 }]);
    const confirmed = await admin("POST", `/api/admin/proposals/${quote.id}/refund`, { amount: TOTAL + 500 });
    expect(confirmed.status).toBe(200);
    const [refund] = await queryRecords<{ vat: number }>("SELECT vat FROM refunds");
    expect(refund!.vat).toBe(JOB_VAT);
  });

  test("the checkout is not offered without a Stripe key", async () => {
    const quote = await acceptedQuote();
    expect((await callApi("POST", `/api/proposals/${quote.token}/checkout`)).status).toBe(404);
  });
});

describe("a cancellation within the 14 days", () => {
  test("records the refund due; the owner confirms the whole amount unless the customer asked to start early", async () => {
    const quote = await acceptedQuote();
    await pay(quote.id, DEPOSIT);
    const cancelled = await callApi("POST", `/api/proposals/${quote.token}/cancel`, {
      body: { name: "Siobhán Wiśniewska" },
    });
    expect(cancelled.status).toBe(200);
    const desk = await (await admin("GET", `/api/admin/proposals/${quote.id}/payments`)).json();
    expect(desk.refund).toMatchObject({ paid: DEPOSIT, startEarly: false, amount: null, confirmedAt: null });
    const money = await (await admin("GET", "/api/admin/money")).json();
    expect(money.refunds).toMatchObject([{ number: quote.number, paid: DEPOSIT }]);
    const owner = (await mailsWith(`Quote cancelled: ${quote.number}`)).find(
      (m) => m.subject === `Quote cancelled: ${quote.number}`,
    )!;
    expect(owner.text).toContain(
      `They had paid ${formatPounds(DEPOSIT)}: it must be refunded within 14 days`,
    );
    const partial = await admin("POST", `/api/admin/proposals/${quote.id}/refund`, { amount: DEPOSIT - 100 });
    expect(partial.status).toBe(400);
    expect((await partial.json()).fieldErrors.amount).toEqual([PAYMENT_TEXTS.refundWhole]);
    const whole = await admin("POST", `/api/admin/proposals/${quote.id}/refund`, { amount: DEPOSIT });
    expect(whole.status).toBe(200);
    expect(await whole.json()).toMatchObject({ paid: DEPOSIT, amount: DEPOSIT });
    expect((await admin("POST", `/api/admin/proposals/${quote.id}/refund`, { amount: DEPOSIT })).status).toBe(
      409,
    );

    // The accountant's CSV gives the deposit back, with all the VAT its receipt declared.
    const csv = parseCsv(
      (await (await admin("GET", "/api/admin/invoices?format=csv")).text()).replace(/^\ufeff/, ""),
    );
    expect(csv.filter((row) => row[0] === "Refund")).toEqual([
      [
        "Refund",
        quote.number,
        today(),
        "Siobhán Wiśniewska",
        quote.number,
        "",
        `-${((DEPOSIT - DEPOSIT_VAT) / 100).toFixed(2)}`,
        `-${(DEPOSIT_VAT / 100).toFixed(2)}`,
        `-${(DEPOSIT / 100).toFixed(2)}`,
        today(),
      ],
    ]);
  });

  test("after an early start the owner may keep what the work done cost", async () => {
    const quote = await acceptedQuote({ startEarly: true });
    await pay(quote.id, DEPOSIT);
    await callApi("POST", `/api/proposals/${quote.token}/cancel`, { body: { name: "Siobhán Wiśniewska" } });
    const response = await admin("POST", `/api/admin/proposals/${quote.id}/refund`, {
      amount: 10000,
      note: "Scaffold up for two days",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ paid: DEPOSIT, amount: 10000, startEarly: true });
    // £100.00 back holds its share of the job's VAT, split as a receipt is: 99.03 of it at 20%
    // (16.51 VAT, half up) and 0.97 at 5% (0.05): 16.56.
    const csv = parseCsv(
      (await (await admin("GET", "/api/admin/invoices?format=csv")).text()).replace(/^\ufeff/, ""),
    );
    expect(csv.find((row) => row[0] === "Refund")?.slice(6, 9)).toEqual(["-83.44", "-16.56", "-100.00"]);
    expect(
      (await admin("POST", `/api/admin/proposals/${quote.id}/refund`, { amount: DEPOSIT + 1 })).status,
    ).toBe(409);
  });

  test("once the work is complete the right to cancel has ended: 409, and nothing changes", async () => {
    const quote = await acceptedQuote();
    await pay(quote.id, DEPOSIT);
    expect((await complete(quote.lead.id)).status).toBe(200);
    const page = await (await callApi("GET", `/api/proposals/${quote.token}`)).json();
    expect(page.payment.invoice).toMatchObject({ number: "INV-000001" });
    const cancelled = await callApi("POST", `/api/proposals/${quote.token}/cancel`, {
      body: { name: "Siobhán Wiśniewska" },
    });
    expect(cancelled.status).toBe(409);
    expect(await cancelled.json()).toEqual({
      error: "The work is complete, so the right to cancel has ended",
    });
    const after = await (await callApi("GET", `/api/proposals/${quote.token}`)).json();
    expect(after.status).toBe("accepted");
    expect(after.decision.cancelledAt).toBeNull();
    const lead = await (await admin("GET", `/api/admin/contact-submissions/${quote.lead.id}`)).json();
    expect(lead.status).toBe("completed");
    expect(await queryRecords("SELECT 1 FROM refunds")).toHaveLength(0);
    const [guarantee] = await queryRecords<{ number: string }>("SELECT number FROM guarantees");
    const check = await callApi(
      "GET",
      `/api/guarantees/check?number=${encodeURIComponent(guarantee!.number)}&postcode=FK8%203DN`,
    );
    expect(await check.json()).toMatchObject({ valid: true });
  });

  test("without a payment no refund is due", async () => {
    const quote = await acceptedQuote();
    await callApi("POST", `/api/proposals/${quote.token}/cancel`, { body: { name: "Siobhán Wiśniewska" } });
    expect(
      (await (await admin("GET", `/api/admin/proposals/${quote.id}/payments`)).json()).refund,
    ).toBeNull();
  });
});

describe("money in the desk and for the accountant", () => {
  test("requested, paid and overdue; overdue invoices in the morning's list", async () => {
    const unpaid = await acceptedQuote();
    const invoiced = await acceptedQuote({ record: { firstName: "Ewan", lastName: "Mackie" } });
    await pay(invoiced.id, DEPOSIT);
    await complete(invoiced.lead.id);
    let money = await (await admin("GET", "/api/admin/money")).json();
    expect(money.requested.items).toEqual([
      expect.objectContaining({
        kind: "deposit",
        number: unpaid.number,
        leadId: unpaid.lead.id,
        amount: DEPOSIT,
        overdue: false,
      }),
      expect.objectContaining({
        kind: "invoice",
        number: "INV-000001",
        leadId: invoiced.lead.id,
        amount: TOTAL - DEPOSIT,
        overdue: false,
      }),
    ]);
    expect(money.requested.amount).toBe(TOTAL);
    expect(money.paid).toMatchObject({ amount: DEPOSIT, count: 1 });
    expect(money.overdue).toEqual({ amount: 0, count: 0 });
    // Eight days on, the invoice is a day overdue.
    await datedBack("UPDATE invoices SET issued_on = issued_on - 8, due_on = due_on - 8");
    money = await (await admin("GET", "/api/admin/money")).json();
    expect(money.overdue).toEqual({ amount: TOTAL - DEPOSIT, count: 1 });
    const followUps = await dueFollowUps();
    expect(followUps.overdueInvoices.total).toBe(1);
    expect(followUps.overdueInvoices.items[0]).toMatchObject({ id: invoiced.lead.id, name: "Ewan Mackie" });
    expect(followUps.overdueInvoices.items[0]!.detail).toContain(
      `INV-000001: ${formatPounds(TOTAL - DEPOSIT)} due`,
    );
  });

  test("the invoices list and the accountant's CSV: invoices and receipts with net, VAT and total", async () => {
    const quote = await acceptedQuote();
    await pay(quote.id, DEPOSIT);
    await complete(quote.lead.id);
    await pay(quote.id, TOTAL - DEPOSIT);
    const list = await (await admin("GET", "/api/admin/invoices")).json();
    expect(list).toEqual([
      {
        number: "INV-000001",
        issuedOn: today(),
        dueOn: expect.any(String),
        proposalNumber: quote.number,
        customer: "Siobhán Wiśniewska",
        net: TOTAL - DEPOSIT - (JOB_VAT - DEPOSIT_VAT),
        vat: JOB_VAT - DEPOSIT_VAT,
        total: TOTAL - DEPOSIT,
        paidOn: today(),
      },
    ]);
    const csv = await admin("GET", "/api/admin/invoices?format=csv");
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(
      (await queryRecords<{ event: string }>("SELECT event FROM activity_log")).map((row) => row.event),
    ).toContain("accounts-csv-export");
    const lines = (await csv.text())
      .replace(/^\ufeff/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Type,Number,Date,Customer,Quote,Invoice,Net,VAT,Total,Paid on");
    const pounds = (pence: number) => (pence / 100).toFixed(2);
    expect(lines.slice(1)).toEqual([
      `Invoice,INV-000001,${today()},Siobhán Wiśniewska,${quote.number},INV-000001,${pounds(TOTAL - DEPOSIT - (JOB_VAT - DEPOSIT_VAT))},${pounds(JOB_VAT - DEPOSIT_VAT)},${pounds(TOTAL - DEPOSIT)},${today()}`,
      `Receipt (deposit),R-000001,${today()},Siobhán Wiśniewska,${quote.number},,${pounds(DEPOSIT - DEPOSIT_VAT)},${pounds(DEPOSIT_VAT)},${pounds(DEPOSIT)},${today()}`,
      expect.stringMatching(
        new RegExp(
          `^Receipt \\(invoice payment\\),R-000002,${today()},Siobhán Wiśniewska,${quote.number},INV-000001,`,
        ),
      ),
    ]);
    // The payments for the bank statement: each with the reference the customer was asked to use.
    const bank = await admin("GET", "/api/admin/invoices?format=payments");
    expect(bank.headers.get("Content-Disposition")).toBe('attachment; filename="payments.csv"');
    expect(parseCsv((await bank.text()).replace(/^\ufeff/, ""))).toEqual([
      ["Date", "Amount", "Method", "Reference", "Receipt", "Customer", "Quote", "Invoice"],
      [today(), pounds(DEPOSIT), "bank", quote.number, "R-000001", "Siobhán Wiśniewska", quote.number, ""],
      [
        today(),
        pounds(TOTAL - DEPOSIT),
        "bank",
        "INV-000001",
        "R-000002",
        "Siobhán Wiśniewska",
        quote.number,
        "INV-000001",
      ],
    ]);
    expect(
      (await queryRecords<{ event: string }>("SELECT event FROM activity_log")).map((row) => row.event),
    ).toContain("accounts-payments-export");
    expect((await admin("GET", "/api/admin/invoices?from=2026-13-01")).status).toBe(400);
    expect(await (await admin("GET", "/api/admin/invoices?to=2020-01-01")).json()).toEqual([]);
  });

  test("the Xero file: Xero's columns, a row per line and per VAT rate paid on account, DD/MM/YYYY, adding up to the invoice", async () => {
    const quote = await acceptedQuote();
    await pay(quote.id, DEPOSIT);
    await complete(quote.lead.id);
    const [invoice] = await (await admin("GET", "/api/admin/invoices")).json();
    const response = await admin("GET", "/api/admin/invoices?format=xero");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="invoices-for-xero.csv"');
    const text = await response.text();
    expect(text.startsWith("ContactName,EmailAddress,POAddressLine1,")).toBe(true);
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual([...XERO_COLUMNS]);
    const cell = (row: string[], column: (typeof XERO_COLUMNS)[number]) => row[header!.indexOf(column)];
    const [y, m, d] = today().split("-");
    expect(
      rows.map((row) => [
        cell(row, "Description"),
        cell(row, "Quantity"),
        cell(row, "UnitAmount"),
        cell(row, "TaxType"),
      ]),
    ).toEqual([
      ["Re-bed and point 12 m of ridge", "12", "45.50", "20% (VAT on Income)"],
      ["Scaffold tower, one week", "1", "350.00", "20% (VAT on Income)"],
      ["Energy-saving loft insulation", "1", "10.01", "5% (VAT on Income)"],
      // The deposit's 268.80 at 20% holds 224.00 net; its 2.63 at 5% holds 2.50.
      [
        `Paid on account: receipt R-000001 of ${d}/${m}/${y}, 20% VAT part`,
        "1",
        "-224.00",
        "20% (VAT on Income)",
      ],
      [
        `Paid on account: receipt R-000001 of ${d}/${m}/${y}, 5% VAT part`,
        "1",
        "-2.50",
        "5% (VAT on Income)",
      ],
    ]);
    for (const row of rows) {
      expect(cell(row, "ContactName")).toBe("Siobhán Wiśniewska");
      expect(cell(row, "EmailAddress")).toBe("siobhan@example.co.uk");
      expect([cell(row, "POAddressLine1"), cell(row, "POCity"), cell(row, "POPostalCode")]).toEqual([
        "7 Station Road",
        "Kippen",
        "FK8 3DN",
      ]);
      expect(cell(row, "InvoiceNumber")).toBe("INV-000001");
      expect(cell(row, "Reference")).toBe(quote.number);
      expect(cell(row, "InvoiceDate")).toBe(`${d}/${m}/${y}`);
      expect(cell(row, "DueDate")).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(cell(row, "AccountCode")).toBe("200");
      expect(cell(row, "Currency")).toBe("GBP");
    }
    const net = rows.reduce(
      (sum, row) => sum + Math.round(Number(cell(row, "Quantity")) * Number(cell(row, "UnitAmount")) * 100),
      0,
    );
    expect(net).toBe(invoice.net);
    const events = await queryRecords<{ event: string }>("SELECT event FROM activity_log ORDER BY id");
    expect(events.map((row) => row.event)).toContain("accounts-xero-export");
    expect((await admin("GET", "/api/admin/invoices?format=pdf")).status).toBe(400);

    // Erased, the lead's e-mail goes from the file; the invoice stays with its number and amounts.
    expect((await admin("DELETE", `/api/admin/contact-submissions/${quote.lead.id}`)).status).toBe(204);
    const again = await (await admin("GET", "/api/admin/invoices?format=xero")).text();
    const [, ...after] = parseCsv(again);
    expect(after.map((row) => cell(row, "EmailAddress"))).toEqual(Array(5).fill(""));
    expect(after.map((row) => cell(row, "UnitAmount"))).toEqual(rows.map((row) => cell(row, "UnitAmount")));
  });

  test("the activity log records the quote sent, each payment and its receipt, the invoice, the certificate and a refund, by number", async () => {
    const quote = await acceptedQuote();
    await pay(quote.id, DEPOSIT);
    const { guarantee } = await (await complete(quote.lead.id)).json();
    await pay(quote.id, TOTAL - DEPOSIT);
    const cancelled = await acceptedQuote();
    await pay(cancelled.id, DEPOSIT);
    await callApi("POST", `/api/proposals/${cancelled.token}/cancel`, {
      body: { name: "Siobhán Wiśniewska" },
    });
    expect(
      (await admin("POST", `/api/admin/proposals/${cancelled.id}/refund`, { amount: DEPOSIT })).status,
    ).toBe(200);

    const { events } = (await (await admin("GET", "/api/admin/audit-log")).json()) as {
      events: AuditEvent[];
    };
    const money = events
      .filter((event) => event.document)
      .reverse()
      .map((event) => [event.event, event.document, event.leadId]);
    expect(money).toEqual([
      ["quote-sent", quote.number, quote.lead.id],
      ["payment-recorded", "R-000001", quote.lead.id],
      ["invoice-issued", "INV-000001", quote.lead.id],
      ["certificate-issued", guarantee.number, quote.lead.id],
      ["payment-recorded", "R-000002", quote.lead.id],
      ["quote-sent", cancelled.number, cancelled.lead.id],
      ["payment-recorded", "R-000003", cancelled.lead.id],
      ["refund-confirmed", cancelled.number, cancelled.lead.id],
    ]);
    // Every one of them was the owner's doing, in his session (the card payments of Stripe's webhook have none).
    const sessions = new Set(events.filter((event) => event.document).map((event) => event.session));
    expect([...sessions]).toEqual([expect.stringMatching(/^[0-9a-f]{8}$/)]);
    const invoiceEvent = events.find((event) => event.event === "invoice-issued")!;
    expect(describeAuditEvent(invoiceEvent)).toBe(
      `Invoice issued INV-000001: ${quote.lead.id} (Owner, session ${invoiceEvent.session})`,
    );
  });

  test("an erased lead's invoice, payments and guarantee stay: they are the business's accounts", async () => {
    const quote = await acceptedQuote();
    await pay(quote.id, DEPOSIT);
    const { guarantee } = await (await complete(quote.lead.id)).json();
    expect((await admin("DELETE", `/api/admin/contact-submissions/${quote.lead.id}`)).status).toBe(204);
    expect(await queryRecords("SELECT proposal_id FROM invoices")).toEqual([{ proposal_id: null }]);
    expect(await queryRecords("SELECT proposal_id FROM payments")).toEqual([{ proposal_id: null }]);
    const check = await callApi("GET", `/api/guarantees/check?number=${guarantee.number}&postcode=FK8%203DN`);
    expect(check.status).toBe(200);
  });

  test("documents as issued: the receipt, invoice and certificate download byte for byte as e-mailed, after the business moves and the lead is erased", async () => {
    const quote = await acceptedQuote();
    await pay(quote.id, DEPOSIT);
    const { invoices, guarantee } = await (await complete(quote.lead.id)).json();
    const invoice = invoices[0];
    await mailsWith("Payment received");
    await mailsWith("Invoice");
    const [payment] = await queryRecords<{ receipt_number: string }>("SELECT receipt_number FROM payments");
    const numbers = [payment!.receipt_number, invoice.number as string, guarantee.number as string];
    const emailed = new Map(
      smtp.messages.flatMap((m) =>
        m.parsed.attachments.map((a: { filename?: string; content: Buffer }) => [a.filename, a.content]),
      ),
    );
    const download = async (number: string) =>
      Buffer.from(await (await admin("GET", `/api/admin/documents/${number}`)).arrayBuffer());
    const names = { R: "Receipt", INV: "Invoice", G: "Guarantee" };
    const before = new Map<string, Buffer>();
    for (const number of numbers) {
      const bytes = await download(number);
      const name = [...emailed.keys()].find(
        (file) =>
          file?.startsWith(names[number.split("-")[0] as keyof typeof names]) && file.includes(number),
      );
      expect(bytes.equals(emailed.get(name)!), number).toBe(true);
      before.set(number, bytes);
    }
    // The accounting documents (the quote's own copies as sent are quote-as-sent.test.ts's).
    const kept = await queryRecords<{ number: string; sha256: string }>(
      "SELECT number, sha256 FROM issued_documents WHERE number NOT LIKE 'Q-%' ORDER BY number",
    );
    expect(kept).toEqual(
      [...numbers].sort().map((number) => ({
        number,
        sha256: createHash("sha256").update(before.get(number)!).digest("hex"),
      })),
    );

    // The business moves, and the lead is erased: what the documents say stays as issued.
    const business = await businessDetails();
    const address = business.address;
    business.address = { ...address, street: "1 New Street", postcode: "FK7 7AA" };
    try {
      expect((await admin("DELETE", `/api/admin/contact-submissions/${quote.lead.id}`)).status).toBe(204);
      for (const number of numbers)
        expect((await download(number)).equals(before.get(number)!), number).toBe(true);
      // The quote's copies went with the lead; the accounts stay.
      expect(await queryRecords("SELECT number FROM issued_documents WHERE number LIKE 'Q-%'")).toEqual([]);
    } finally {
      business.address = address;
    }
  });
});
