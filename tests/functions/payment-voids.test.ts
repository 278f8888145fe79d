/**
 * Voids and credit notes (docs/payments.md, "Voids and credit notes") through the real handlers
 * against a real PostgreSQL, Blobs server and SMTP server: a bank payment recorded by mistake is
 * voided with a reason and who, its credit note numbered without gaps under concurrency, e-mailed
 * and kept byte for byte; the balance, the money panel, the overdue lists and the invoice's paid
 * state leave it out; the accountant's files carry it; the database refuses an edit of the ledger.
 */
import { parse as parseCsv } from "csv-parse/sync";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { OWNER_ID } from "../../netlify/lib/admin/auth.ts";
import { dueFollowUps } from "../../netlify/lib/follow-up/due-follow-ups.ts";
import { recordPayment, paymentsView } from "../../netlify/lib/payments/payments.ts";
import { voidPayment } from "../../netlify/lib/payments/payment-voids.ts";
import { PAYMENT_TEXTS, VOID_REASON_MAX } from "../../src/lib/payments/payment-rules.ts";
import type { AuditEvent } from "../../src/lib/admin/audit.ts";
import { formatPounds } from "../../src/lib/proposals/money.ts";
import { callApi } from "./api-client.ts";
import { clearRecords, datedBack, queryRecords } from "./database.ts";
import {
  heldBack,
  PAYMENT_DEPOSIT as DEPOSIT,
  PAYMENT_TOTAL as TOTAL,
  usePaymentFixtures,
  todayUk as today,
} from "./payment-fixtures.ts";

const { session, admin, acceptedQuote, pay, complete, mailWith } = usePaymentFixtures();

const voidOf = (receipt: string, body: unknown = { reason: "The same transfer recorded twice" }) =>
  callApi("POST", `/api/admin/payments/${receipt}/void`, { cookie: session.cookie, body: body as object });
const view = async (id: string) => (await admin("GET", `/api/admin/proposals/${id}/payments`)).json();
const pounds = (pence: number) => (pence < 0 ? "-" : "") + (Math.abs(pence) / 100).toFixed(2);
const OWNER = { userId: OWNER_ID, name: "Owner" };
/** The database refuses each statement: the ledger's money is not edited, nor its rows deleted. */
const expectLedgerRefuses = async (statements: string[]) => {
  for (const sql of statements) await expect(queryRecords(sql), sql).rejects.toThrow(/part of the ledger/);
};

describe("voiding a bank payment recorded by mistake", () => {
  test("reopens the balance, keeps the payment's row, issues and e-mails a credit note; the transfer is recorded again", async () => {
    const quote = await acceptedQuote();
    expect((await pay(quote.id, DEPOSIT)).status).toBe(201);
    await mailWith("Payment received");

    const response = await voidOf("r-000001", { reason: "  The same transfer recorded twice  " });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({
      creditNote: "CN-000001",
      reason: "The same transfer recorded twice",
      voidedOn: today(),
      by: "Owner",
    });

    const desk = await view(quote.id);
    expect(desk).toMatchObject({ paid: 0, balance: TOTAL, dueNow: DEPOSIT });
    expect(desk.payments).toEqual([
      expect.objectContaining({
        receiptNumber: "R-000001",
        amount: DEPOSIT,
        voided: {
          creditNote: "CN-000001",
          reason: "The same transfer recorded twice",
          voidedOn: today(),
          by: "Owner",
        },
      }),
    ]);
    // The payment's row is as it was written; the void says who.
    expect(await queryRecords("SELECT amount, receipt_number FROM payments")).toEqual([
      { amount: DEPOSIT, receipt_number: "R-000001" },
    ]);
    expect(await queryRecords("SELECT voided_by, amount, vat FROM payment_voids")).toEqual([
      { voided_by: OWNER_ID, amount: DEPOSIT, vat: 4493 },
    ]);

    const money = await (await admin("GET", "/api/admin/money")).json();
    expect(money.requested.items).toEqual([
      expect.objectContaining({ kind: "deposit", number: quote.number, amount: DEPOSIT }),
    ]);
    expect(money.paid).toMatchObject({ amount: 0, count: 0 });

    const mail = (await mailWith("Credit note CN-000001"))!;
    expect(mail.parsed.subject).toBe(
      "Credit note CN-000001: receipt R-000001 cancelled – Glenbrae Roofing & Roughcasting",
    );
    expect(mail.envelope.to).toEqual(["siobhan@example.co.uk"]);
    const attachment = mail.parsed.attachments[0]!;
    expect(attachment.filename).toBe("Credit note CN-000001.pdf");
    const download = await admin("GET", "/api/admin/documents/cn-000001");
    expect(download.status).toBe(200);
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.equals(attachment.content)).toBe(true);

    const lead = await (await admin("GET", `/api/admin/contact-submissions/${quote.lead.id}`)).json();
    expect(lead.notes.at(-1).text).toBe(
      `Payment of ${formatPounds(DEPOSIT)} (receipt R-000001) voided by Owner: The same transfer recorded twice; credit note CN-000001 issued`,
    );

    // Recorded again, rightly this time: a new receipt, and the deposit is paid.
    const again = await pay(quote.id, DEPOSIT);
    expect(again.status).toBe(201);
    expect((await again.json()).receiptNumber).toBe("R-000002");
    expect(await view(quote.id)).toMatchObject({ paid: DEPOSIT, balance: TOTAL - DEPOSIT, dueNow: 0 });

    // Erased, the lead takes nothing of the ledger with it; the credit note reads the same.
    expect((await admin("DELETE", `/api/admin/contact-submissions/${quote.lead.id}`)).status).toBe(204);
    expect(await queryRecords("SELECT proposal_id FROM payment_voids")).toEqual([{ proposal_id: null }]);
    const later = Buffer.from(await (await admin("GET", "/api/admin/documents/CN-000001")).arrayBuffer());
    expect(later.equals(bytes)).toBe(true);
  });

  test("refuses without a reason (400), an unknown receipt (404), a second void (409), and anyone signed out (401)", async () => {
    const quote = await acceptedQuote();
    await pay(quote.id, 1000);
    for (const body of [{ reason: "" }, { reason: "   " }, {}, { reason: "x".repeat(VOID_REASON_MAX + 1) }]) {
      const refused = await voidOf("R-000001", body);
      expect(refused.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect((await refused.json()).fieldErrors.reason).toBeDefined();
    }
    expect((await (await voidOf("R-000001", { reason: "" })).json()).fieldErrors.reason).toEqual([
      PAYMENT_TEXTS.voidReason,
    ]);
    expect((await voidOf("R-000009")).status).toBe(404);
    expect((await voidOf("INV-000001")).status).toBe(404);
    const signedOut = await callApi("POST", "/api/admin/payments/R-000001/void", {
      body: { reason: "Recorded twice" },
    });
    expect(signedOut.status).toBe(401);
    expect(await queryRecords("SELECT 1 FROM payment_voids")).toHaveLength(0);

    expect((await voidOf("R-000001")).status).toBe(201);
    const second = await voidOf("R-000001");
    expect(second.status).toBe(409);
    expect((await second.json()).error).toBe(PAYMENT_TEXTS.alreadyVoided);
    expect(await queryRecords("SELECT credit_note_number FROM payment_voids")).toEqual([
      { credit_note_number: "CN-000001" },
    ]);
    // No number was taken by the refused void.
    expect(
      await queryRecords("SELECT last_number FROM document_counters WHERE kind = 'credit-note'"),
    ).toEqual([{ last_number: 1 }]);
  });

  test("a card payment is refunded, not voided; a deposit an invoice counted, and a cancelled quote's payment, stay (409)", async () => {
    const card = await acceptedQuote();
    await recordPayment(card.id, {
      amount: 5000,
      method: "card",
      receivedOn: today(),
      stripeSessionId: "cs_test_void",
    });
    const refusedCard = await voidOf("R-000001");
    expect(refusedCard.status).toBe(409);
    expect((await refusedCard.json()).error).toBe(PAYMENT_TEXTS.voidCard);

    const invoiced = await acceptedQuote();
    await pay(invoiced.id, DEPOSIT);
    expect((await complete(invoiced.lead.id)).status).toBe(200);
    const counted = await voidOf("R-000002");
    expect(counted.status).toBe(409);
    expect((await counted.json()).error).toBe(
      "Invoice INV-000001 already counts this payment as paid on account: it cannot be voided",
    );

    const cancelled = await acceptedQuote();
    await pay(cancelled.id, DEPOSIT);
    await callApi("POST", `/api/proposals/${cancelled.token}/cancel`, {
      body: { name: "Siobhán Wiśniewska" },
    });
    const refusedCancelled = await voidOf("R-000003");
    expect(refusedCancelled.status).toBe(409);
    expect((await refusedCancelled.json()).error).toBe(PAYMENT_TEXTS.voidNotAccepted);
    expect(await queryRecords("SELECT 1 FROM payment_voids")).toHaveLength(0);
  });

  test("a void of an invoice's payment makes the invoice unpaid and overdue again, its reminders queued again", async () => {
    const quote = await acceptedQuote();
    await pay(quote.id, DEPOSIT);
    await complete(quote.lead.id);
    await pay(quote.id, TOTAL - DEPOSIT);
    expect(await queryRecords("SELECT paid_on::text AS paid_on FROM invoices")).toEqual([
      { paid_on: today() },
    ]);
    // Nine days on, the invoice would be two days overdue were it not paid.
    await datedBack("UPDATE invoices SET issued_on = issued_on - 9, due_on = due_on - 9");
    expect((await dueFollowUps()).overdueInvoices.total).toBe(0);

    expect((await voidOf("R-000002", { reason: "Entered on the wrong job" })).status).toBe(201);
    expect(await queryRecords("SELECT paid_on FROM invoices")).toEqual([{ paid_on: null }]);
    const money = await (await admin("GET", "/api/admin/money")).json();
    expect(money.requested.items).toEqual([
      expect.objectContaining({
        kind: "invoice",
        number: "INV-000001",
        amount: TOTAL - DEPOSIT,
        overdue: true,
      }),
    ]);
    expect(money.overdue).toEqual({ amount: TOTAL - DEPOSIT, count: 1 });
    const followUps = await dueFollowUps();
    expect(followUps.overdueInvoices.items[0]!.detail).toContain(
      `INV-000001: ${formatPounds(TOTAL - DEPOSIT)} due`,
    );
    // The invoice fell due two days ago: the 7-day reminder is still ahead and is queued again.
    expect(
      await queryRecords(
        "SELECT dedupe_key FROM mail_jobs WHERE kind = 'invoice-reminder' AND status = 'pending'",
      ),
    ).toEqual([{ dedupe_key: "invoice-reminder-7:INV-000001:CN-000001" }]);
    expect(await view(quote.id)).toMatchObject({ balance: TOTAL - DEPOSIT, dueNow: TOTAL - DEPOSIT });

    expect((await pay(quote.id, TOTAL - DEPOSIT)).status).toBe(201);
    expect(await queryRecords("SELECT paid_on::text AS paid_on FROM invoices")).toEqual([
      { paid_on: today() },
    ]);
  });

  test("credit note numbers run without gaps or repeats when many voids arrive at once, refused ones among them", async () => {
    const quotes: Awaited<ReturnType<typeof acceptedQuote>>[] = [];
    for (let i = 0; i < 4; i++) quotes.push(await acceptedQuote());
    for (const quote of quotes) for (const amount of [1000, 2000, 3000]) await pay(quote.id, amount);
    const receipts = Array.from({ length: 12 }, (_, i) => `R-${String(i + 1).padStart(6, "0")}`);
    // Every receipt voided once, and the first three twice more: the repeats are refused.
    const responses = await heldBack(() =>
      Promise.all([...receipts, ...receipts.slice(0, 3), ...receipts.slice(0, 3)].map((r) => voidOf(r))),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(12);
    expect(statuses.filter((s) => s === 409)).toHaveLength(6);
    const rows = await queryRecords<{ credit_note_number: string; receipt_number: string }>(
      "SELECT credit_note_number, receipt_number FROM payment_voids ORDER BY 1",
    );
    expect(rows.map((row) => row.credit_note_number)).toEqual(
      Array.from({ length: 12 }, (_, i) => `CN-${String(i + 1).padStart(6, "0")}`),
    );
    expect(rows.map((row) => row.receipt_number).sort()).toEqual(receipts);
    for (const quote of quotes) expect(await view(quote.id)).toMatchObject({ paid: 0, balance: TOTAL });
  }, 180_000);
});

describe("the ledger for the accountant", () => {
  test("the CSV keeps the receipt and adds a negative credit note; the payments CSV a negative void; the activity log names both", async () => {
    const quote = await acceptedQuote();
    await pay(quote.id, DEPOSIT);
    await voidOf("R-000001");
    const csv = parseCsv(
      (await (await admin("GET", "/api/admin/invoices?format=csv")).text()).replace(/^\ufeff/, ""),
    );
    const net = DEPOSIT - 4493;
    expect(csv.slice(1)).toEqual([
      [
        "Receipt (deposit)",
        "R-000001",
        today(),
        "Siobhán Wiśniewska",
        quote.number,
        "",
        pounds(net),
        pounds(4493),
        pounds(DEPOSIT),
        today(),
      ],
      [
        "Credit note",
        "CN-000001",
        today(),
        "Siobhán Wiśniewska",
        quote.number,
        "",
        pounds(-net),
        pounds(-4493),
        pounds(-DEPOSIT),
        "",
      ],
    ]);
    const bank = parseCsv(
      (await (await admin("GET", "/api/admin/invoices?format=payments")).text()).replace(/^\ufeff/, ""),
    );
    expect(bank.slice(1)).toEqual([
      [today(), pounds(DEPOSIT), "bank", quote.number, "R-000001", "Siobhán Wiśniewska", quote.number, ""],
      [today(), pounds(-DEPOSIT), "void", quote.number, "R-000001", "Siobhán Wiśniewska", quote.number, ""],
    ]);
    const { events } = (await (await admin("GET", "/api/admin/audit-log")).json()) as {
      events: AuditEvent[];
    };
    const money = events
      .filter((event) => event.document)
      .reverse()
      .map((event) => [event.event, event.document, event.by]);
    expect(money.slice(-3)).toEqual([
      ["payment-recorded", "R-000001", "Owner"],
      ["payment-voided", "R-000001", "Owner"],
      ["credit-note-issued", "CN-000001", "Owner"],
    ]);
  });

  test("the database refuses to edit a payment's or a void's money or to delete either; the customer's link may go", async () => {
    const quote = await acceptedQuote();
    await pay(quote.id, DEPOSIT);
    await pay(quote.id, 1000);
    await voidOf("R-000001");
    await expectLedgerRefuses([
      "UPDATE payments SET amount = amount + 1",
      "UPDATE payments SET received_on = received_on - 1 WHERE receipt_number = 'R-000002'",
      "UPDATE payments SET vat = 0",
      "DELETE FROM payments WHERE receipt_number = 'R-000002'",
      "UPDATE payment_voids SET reason = 'Something else'",
      "UPDATE payment_voids SET amount = 1",
      "DELETE FROM payment_voids",
    ]);
    // What an erasure does: the link to the quote goes, the customer's name may be replaced.
    await queryRecords("UPDATE payments SET customer_name = 'Erased customer', proposal_id = NULL");
    await queryRecords("UPDATE payment_voids SET customer_name = 'Erased customer'");
    expect(await queryRecords("SELECT amount FROM payments ORDER BY receipt_number")).toEqual([
      { amount: DEPOSIT },
      { amount: 1000 },
    ]);
    // Six years on, the retention job may delete them, the void first.
    await datedBack("UPDATE payment_voids SET voided_on = voided_on - interval '7 years'");
    await queryRecords("DELETE FROM payment_voids");
    await expect(queryRecords("DELETE FROM payments")).rejects.toThrow(/part of the ledger/);
  });
});

describe("issued invoices and confirmed refunds in the ledger", () => {
  test("the database refuses to edit an issued invoice or a confirmed refund, or to delete either; what a payment and an erasure change may change", async () => {
    const job = await acceptedQuote();
    await pay(job.id, DEPOSIT);
    expect((await complete(job.lead.id)).status).toBe(200);
    // Paying the balance sets the invoice's paid day, under the ledger's guard.
    expect((await pay(job.id, TOTAL - DEPOSIT)).status).toBe(201);
    expect(await queryRecords("SELECT paid_on::text AS paid_on FROM invoices")).toEqual([
      { paid_on: today() },
    ]);

    const cancelled = await acceptedQuote({ record: { lastName: "Cancelled" } });
    await pay(cancelled.id, DEPOSIT);
    const cancel = await callApi("POST", `/api/proposals/${cancelled.token}/cancel`, {
      body: { name: "Siobhán Wiśniewska" },
    });
    expect(cancel.status).toBe(200);
    // Waiting for the owner, a refund is not yet money that moved: it may still change.
    await queryRecords("UPDATE refunds SET note = 'Phoned her about it'");
    expect(
      (await admin("POST", `/api/admin/proposals/${cancelled.id}/refund`, { amount: DEPOSIT })).status,
    ).toBe(200);

    await expectLedgerRefuses([
      "UPDATE invoices SET net = net + 1, total = total + 1",
      "UPDATE invoices SET issued_on = issued_on - 1",
      "UPDATE invoices SET due_on = due_on + 30",
      "UPDATE invoices SET document = jsonb_set(document, '{lines}', '[]'::jsonb)",
      "DELETE FROM invoices",
      "UPDATE refunds SET amount = amount - 1",
      "UPDATE refunds SET confirmed_at = confirmed_at - interval '1 day'",
      "DELETE FROM refunds",
    ]);

    // What voiding the settling payment and an erasure change.
    await queryRecords("UPDATE invoices SET paid_on = NULL");
    await queryRecords(
      `UPDATE invoices SET customer_name = 'Erased customer', proposal_id = NULL,
              customer_address = '{"line1": "", "town": "", "postcode": ""}'::jsonb,
              document = jsonb_set(document, '{customer}', '{"name": "Erased customer"}'::jsonb)`,
    );
    await queryRecords(
      "UPDATE refunds SET customer_name = 'Erased customer', note = NULL, proposal_id = NULL",
    );
    expect(await queryRecords("SELECT total FROM invoices")).toEqual([{ total: TOTAL - DEPOSIT }]);
    expect(await queryRecords("SELECT amount FROM refunds")).toEqual([{ amount: DEPOSIT }]);

    // Six years on, the retention job may delete them.
    await datedBack(
      "UPDATE invoices SET issued_on = issued_on - interval '7 years', due_on = due_on - interval '7 years'",
    );
    await datedBack("UPDATE refunds SET due_at = due_at - interval '7 years'");
    await datedBack("UPDATE payments SET received_on = received_on - interval '7 years'");
    await queryRecords("DELETE FROM refunds");
    // As the retention job does: the payments first (the balance's names its invoice), and the
    // guarantee, which stays for its term, no longer names the invoice.
    await queryRecords("DELETE FROM payments");
    await queryRecords("UPDATE guarantees SET invoice_number = NULL");
    await queryRecords("DELETE FROM invoices");
    expect(await queryRecords("SELECT 1 FROM invoices UNION ALL SELECT 1 FROM refunds")).toEqual([]);
  });
});

describe("the balance as a query of the ledger", () => {
  test("for random payments and voids the balance is the total less the payments not voided, never below nothing", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({
              kind: fc.constant("pay" as const),
              share: fc.double({ min: 0, max: 1, noNaN: true }),
            }),
            fc.record({ kind: fc.constant("void" as const), pick: fc.nat() }),
          ),
          { minLength: 1, maxLength: 8 },
        ),
        async (steps) => {
          await clearRecords();
          const quote = await acceptedQuote();
          const paid: { receipt: string; amount: number; voided: boolean }[] = [];
          for (const step of steps) {
            const standing = paid.filter((p) => !p.voided);
            if (step.kind === "pay") {
              const balance = TOTAL - standing.reduce((sum, p) => sum + p.amount, 0);
              if (balance <= 0) continue;
              const amount = Math.max(1, Math.floor(step.share * balance));
              const { payment } = await recordPayment(quote.id, {
                amount,
                method: "bank",
                receivedOn: today(),
              });
              paid.push({ receipt: payment.receiptNumber, amount, voided: false });
            } else if (standing.length) {
              const chosen = standing[step.pick % standing.length]!;
              await voidPayment(chosen.receipt, { reason: "Recorded by mistake" }, OWNER);
              chosen.voided = true;
            }
            const expected = TOTAL - paid.filter((p) => !p.voided).reduce((sum, p) => sum + p.amount, 0);
            const desk = await paymentsView(quote.id);
            expect(desk.balance).toBe(expected);
            expect(desk.paid).toBe(TOTAL - expected);
            expect(desk.balance).toBeGreaterThanOrEqual(0);
            expect(desk.payments).toHaveLength(paid.length);
          }
          const voids = paid.filter((p) => p.voided).length;
          const numbers = await queryRecords<{ credit_note_number: string }>(
            "SELECT credit_note_number FROM payment_voids ORDER BY 1",
          );
          expect(numbers.map((row) => row.credit_note_number)).toEqual(
            Array.from({ length: voids }, (_, i) => `CN-${String(i + 1).padStart(6, "0")}`),
          );
        },
      ),
      { numRuns: 12, seed: 20261129 },
    );
  }, 240_000);
});
