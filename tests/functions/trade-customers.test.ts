/**
 * Trade customers and the construction domestic reverse charge (docs/payments.md, "Trade customers:
 * the reverse charge") through the real handlers against a real PostgreSQL and SMTP server: the
 * lead's PATCH (validated, normalised, cleared, refused once a quote was sent, refused without a
 * session), then a trade customer's whole job — quote, acceptance, deposit, completion, balance —
 * with the PDFs read back as text, the accountant's CSV and the Xero file; and a homeowner's
 * documents, which never carry the reverse charge.
 */
import { parse as parseCsv } from "csv-parse/sync";
import { describe, expect, test } from "vitest";
import { XERO_COLUMNS } from "../../netlify/lib/payments/xero-invoices.ts";
import { formatPounds } from "../../src/lib/proposals/money.ts";
import { TRADE_CANCELLATION_TEXT } from "../../src/lib/proposals/quote-document.ts";
import {
  normaliseVatNumber,
  REVERSE_CHARGE_TEXT,
  TRADE_FIXED_MESSAGE,
  VAT_NUMBER_MESSAGE,
} from "../../src/lib/proposals/reverse-charge.ts";
import { callApi } from "./api-client.ts";
import { contactedLead, queryRecords } from "./database.ts";
import { PAYMENT_DEPOSIT, todayUk as today, usePaymentFixtures } from "./payment-fixtures.ts";
import { pdfText } from "./pdf-text.ts";

// The quote (PAYMENT_BODY): 896.00 at 20% (VAT 179.20) and 10.01 at 5% (VAT 0.50): 906.01 without VAT, 179.70 of VAT.
const NET = 90601;
const JOB_VAT = 17970;
// A trade customer pays the net: the 25% deposit is 226.50 (226.5025, half up), no VAT in it.
const DEPOSIT = 22650;
// The deposit by rate, as shares of the net: 224.00 at 20% (VAT 44.80) and 2.50 at 5% (VAT 0.13).
const DEPOSIT_REVERSE_VAT = 4480 + 13;
// The invoice: the balance 679.51 = 672.00 at 20% (VAT 134.40) and 7.51 at 5% (VAT 0.37).
const BALANCE = NET - DEPOSIT;
const INVOICE_REVERSE_VAT = 13440 + 37;

const { session, admin, sentQuote, accept, pay, patchLead } = usePaymentFixtures();

async function textOfPdf(response: Response): Promise<string> {
  expect(response.status).toBe(200);
  return pdfText(new Uint8Array(await response.arrayBuffer()));
}

/** A lead (a trade customer when `vatNumber` is given) with a quote sent and accepted. */
async function acceptedQuote(vatNumber?: string) {
  const lead = await contactedLead({ serviceRequired: "new-installation", message: "Roof of the new unit." });
  if (vatNumber) expect((await patchLead(lead.id, { tradeCustomer: { vatNumber } })).status).toBe(200);
  const quote = await sentQuote(lead.id);
  // The draft's deposit already follows the lead: a share of the net for a trade customer.
  expect(quote.draft.deposit).toBe(vatNumber ? DEPOSIT : PAYMENT_DEPOSIT);
  expect(quote.draft.tradeCustomer).toEqual(vatNumber ? { vatNumber: normaliseVatNumber(vatNumber) } : null);
  return { lead, ...quote, accepted: await accept(quote.token) };
}

describe("marking a lead as a trade customer", () => {
  test("the VAT number is checked, normalised, shown, cleared; refused without a session", async () => {
    const lead = await contactedLead();
    let answer = await (await admin("GET", `/api/admin/contact-submissions/${lead.id}`)).json();
    expect(answer.tradeCustomer).toBeNull();

    for (const vatNumber of ["GB12345678", "FR123456789", "GB1234567890", "", "GB 123 456 78X"]) {
      const refused = await patchLead(lead.id, { tradeCustomer: { vatNumber } });
      expect(refused.status).toBe(400);
      expect((await refused.json()).fieldErrors).toEqual({ tradeCustomer: [VAT_NUMBER_MESSAGE] });
    }
    expect((await patchLead(lead.id, { tradeCustomer: { vatNumber: 123456789 } })).status).toBe(400);
    expect((await patchLead(lead.id, { tradeCustomer: {} })).status).toBe(400);
    expect((await patchLead(lead.id, { tradeCustomer: { vatNumber: "GB123456789", x: 1 } })).status).toBe(
      400,
    );

    const before = await admin("GET", `/api/admin/contact-submissions/${lead.id}`);
    const marked = await patchLead(lead.id, { tradeCustomer: { vatNumber: "gb 123 4567 89" } });
    expect(marked.status).toBe(200);
    expect((await marked.json()).tradeCustomer).toEqual({ vatNumber: "GB123456789" });
    // The lead changed: its ETag moved, so a stale If-Match is refused.
    expect(marked.headers.get("ETag")).not.toBe(before.headers.get("ETag"));
    const stale = await callApi("PATCH", `/api/admin/contact-submissions/${lead.id}`, {
      cookie: session.cookie,
      body: { tradeCustomer: null },
      headers: { "If-Match": before.headers.get("ETag")! },
    });
    expect(stale.status).toBe(412);

    // A branch trader's 12 digits, typed without GB.
    answer = await (await patchLead(lead.id, { tradeCustomer: { vatNumber: "123456789 001" } })).json();
    expect(answer.tradeCustomer).toEqual({ vatNumber: "GB123456789001" });
    expect(
      await queryRecords<{ trade_vat_number: string }>("SELECT trade_vat_number FROM leads WHERE id = $1", [
        lead.id,
      ]),
    ).toEqual([{ trade_vat_number: "GB123456789001" }]);

    // With a note in the same change; then cleared: a homeowner again.
    answer = await (
      await patchLead(lead.id, { tradeCustomer: null, note: "Buying it for his own house after all" })
    ).json();
    expect(answer.tradeCustomer).toBeNull();
    expect(answer.notes.at(-1).text).toBe("Buying it for his own house after all");

    const anonymous = await callApi("PATCH", `/api/admin/contact-submissions/${lead.id}`, {
      body: { tradeCustomer: { vatNumber: "GB123456789" } },
    });
    expect(anonymous.status).toBe(401);
    expect((await admin("GET", `/api/admin/contact-submissions/${lead.id}`)).status).toBe(200);
    answer = await (await admin("GET", `/api/admin/contact-submissions/${lead.id}`)).json();
    expect(answer.tradeCustomer).toBeNull();
  });

  test("once a quote was sent the status is fixed on it: 409, and the quote keeps what it was sent with", async () => {
    const quote = await acceptedQuote("GB 987 6543 21");
    for (const tradeCustomer of [null, { vatNumber: "GB123456789" }]) {
      const refused = await patchLead(quote.lead.id, { tradeCustomer });
      expect(refused.status).toBe(409);
      expect((await refused.json()).error).toBe(TRADE_FIXED_MESSAGE);
    }
    const view = await (await callApi("GET", `/api/proposals/${quote.token}`)).json();
    expect(view.tradeCustomer).toEqual({ vatNumber: "GB987654321" });
    // The lead's other changes still go through.
    expect((await patchLead(quote.lead.id, { note: "Site access from the lane" })).status).toBe(200);
  });
});

describe("a trade customer's job under the domestic reverse charge", () => {
  test("quote, deposit, receipt, invoice, balance: the net is what they pay, the VAT shown for them to account for", async () => {
    const quote = await acceptedQuote("GB123456789");

    // The quote: frozen with the VAT number; the deposit a share of the net.
    const view = await (await callApi("GET", `/api/proposals/${quote.token}`)).json();
    expect(view.tradeCustomer).toEqual({ vatNumber: "GB123456789" });
    expect(view.totals).toEqual({ net: NET, vat: JOB_VAT, total: NET + JOB_VAT });
    expect(view.deposit).toBe(DEPOSIT);
    expect(view.decision.deposit).toBe(DEPOSIT);
    expect(view.payment).toMatchObject({
      deposit: DEPOSIT,
      dueNow: DEPOSIT,
      balance: NET,
      reverseCharge: true,
    });
    const quotePdf = await textOfPdf(await callApi("GET", `/api/proposals/${quote.token}/pdf`));
    expect(quotePdf).toContain(REVERSE_CHARGE_TEXT);
    expect(quotePdf).toContain("GB123456789");
    expect(quotePdf).toContain(`Total to pay (no VAT charged) ${formatPounds(NET)}`);
    expect(quotePdf).not.toContain("Total including VAT");
    // A business customer has no consumer right to cancel: what applies instead, from the content.
    expect(view.terms.tradeCancellation).toBe(TRADE_CANCELLATION_TEXT);
    expect(quotePdf).toContain(`Cancelling ${TRADE_CANCELLATION_TEXT}`);
    for (const consumerOnly of [
      "Your right to cancel",
      "Model cancellation form",
      "You can cancel",
      "cancellation period",
      "14 days",
    ])
      expect(quotePdf).not.toContain(consumerOnly);
    expect(quotePdf).toContain(
      `The deposit, ${formatPounds(DEPOSIT)} (25% of the total), was due when you accepted.`,
    );
    expect(quotePdf).toContain(`The balance, ${formatPounds(NET - DEPOSIT)}, is due within 7 days`);
    expect(quotePdf).toContain("Property: 7 Station Road, Kippen FK8 3DN");

    // The deposit: no VAT charged in it; its receipt says what the customer accounts for.
    const money = await (await admin("GET", `/api/admin/proposals/${quote.id}/payments`)).json();
    expect(money).toMatchObject({ total: NET, balance: NET, dueNow: DEPOSIT });
    expect(money.requested).toEqual([expect.objectContaining({ kind: "deposit", amount: DEPOSIT })]);
    const deposit = await pay(quote.id, DEPOSIT);
    expect(deposit.status).toBe(201);
    expect(await deposit.json()).toMatchObject({ amount: DEPOSIT, vat: 0, receiptNumber: "R-000001" });
    const receipt = await textOfPdf(await admin("GET", "/api/admin/documents/R-000001"));
    expect(receipt).toContain(REVERSE_CHARGE_TEXT);
    expect(receipt).toContain("GB123456789");
    expect(receipt).toContain("VAT at 20% on £224.00, for the customer to account for £44.80");
    expect(receipt).toContain("VAT at 5% on £2.50, for the customer to account for £0.13");
    expect(receipt).toContain(`Amount received ${formatPounds(DEPOSIT)}`);
    expect(receipt).toContain(`Amount without VAT ${formatPounds(DEPOSIT)}`);
    expect(receipt).toContain("VAT charged £0.00");
    expect(receipt).toContain(`The job's total without VAT ${formatPounds(NET)}`);
    expect(receipt).not.toContain("% included");
    expect(DEPOSIT_REVERSE_VAT + INVOICE_REVERSE_VAT).toBe(JOB_VAT);

    // Completion: the invoice for the balance without VAT.
    const completed = await patchLead(quote.lead.id, { status: "completed" });
    expect(completed.status).toBe(200);
    const [invoice] = await (await admin("GET", "/api/admin/invoices")).json();
    expect(invoice).toMatchObject({ number: "INV-000001", net: BALANCE, vat: 0, total: BALANCE });
    const invoicePdf = await textOfPdf(await admin("GET", "/api/admin/documents/INV-000001"));
    expect(invoicePdf).toContain(REVERSE_CHARGE_TEXT);
    expect(invoicePdf).toContain("Customer's VAT number GB123456789");
    expect(invoicePdf).toContain("Scaffold tower, one week 1 £350.00 20% £350.00");
    expect(invoicePdf).toContain("Energy-saving loft insulation 1 £10.01 5% £10.01");
    expect(invoicePdf).toContain(`Price without VAT ${formatPounds(NET)}`);
    expect(invoicePdf).toContain(`receipt R-000001 ${formatPounds(-DEPOSIT)}`);
    expect(invoicePdf).toContain("VAT at 20% on £672.00, for the customer to account for £134.40");
    expect(invoicePdf).toContain("VAT at 5% on £7.51, for the customer to account for £0.37");
    expect(invoicePdf).toContain(`VAT for the customer to account for ${formatPounds(INVOICE_REVERSE_VAT)}`);
    expect(invoicePdf).toContain("VAT charged £0.00");
    expect(invoicePdf).toContain(`Amount due (no VAT charged) ${formatPounds(BALANCE)}`);
    expect(invoicePdf).not.toContain("Total including VAT");

    // The customer's page and the card checkout ask for the balance without VAT.
    const after = await (await callApi("GET", `/api/proposals/${quote.token}`)).json();
    expect(after.payment).toMatchObject({ dueNow: BALANCE, balance: BALANCE, invoice: { total: BALANCE } });

    // The accountant's CSV: net, no VAT charged, marked as reverse charge.
    const csv = parseCsv(
      (await (await admin("GET", "/api/admin/invoices?format=csv")).text()).replace(/^\uFEFF/, ""),
    );
    const rows = csv.slice(1).map((row: string[]) => [row[0], row[6], row[7], row[8]]);
    expect(rows).toEqual(
      expect.arrayContaining([
        ["Invoice (reverse charge)", "679.51", "0.00", "679.51"],
        ["Receipt (deposit, reverse charge)", "226.50", "0.00", "226.50"],
      ]),
    );

    // The Xero file: Xero's own domestic reverse charge tax types, adding up to the invoice's net.
    const [header, ...xero] = parseCsv(await (await admin("GET", "/api/admin/invoices?format=xero")).text());
    expect(header).toEqual([...XERO_COLUMNS]);
    const cell = (row: string[], column: (typeof XERO_COLUMNS)[number]) => row[header!.indexOf(column)];
    expect(xero.map((row: string[]) => [cell(row, "UnitAmount"), cell(row, "TaxType")])).toEqual([
      ["45.50", "Domestic Reverse Charge @ 20% (VAT on Income)"],
      ["350.00", "Domestic Reverse Charge @ 20% (VAT on Income)"],
      ["10.01", "Domestic Reverse Charge @ 5% (VAT on Income)"],
      ["-224.00", "Domestic Reverse Charge @ 20% (VAT on Income)"],
      ["-2.50", "Domestic Reverse Charge @ 5% (VAT on Income)"],
    ]);
    const net = xero.reduce(
      (sum: number, row: string[]) =>
        sum + Math.round(Number(cell(row, "Quantity")) * Number(cell(row, "UnitAmount")) * 100),
      0,
    );
    expect(net).toBe(BALANCE);

    // The balance: more than it is refused, the whole of it clears the invoice.
    expect((await pay(quote.id, BALANCE + 1)).status).toBe(400);
    const last = await pay(quote.id, BALANCE);
    expect(await last.json()).toMatchObject({ amount: BALANCE, vat: 0, invoiceNumber: "INV-000001" });
    const paid = await (await admin("GET", `/api/admin/proposals/${quote.id}/payments`)).json();
    expect(paid).toMatchObject({ paid: NET, balance: 0, dueNow: 0 });
    const [settled] = await (await admin("GET", "/api/admin/invoices")).json();
    expect(settled.paidOn).toBe(today());
  });

  test("a homeowner's documents never carry the reverse charge", async () => {
    const quote = await acceptedQuote();
    const view = await (await callApi("GET", `/api/proposals/${quote.token}`)).json();
    expect(view.tradeCustomer).toBeUndefined();
    expect(view.payment.reverseCharge).toBe(false);
    // 1,085.71 with VAT; the deposit 25% of that.
    expect(view.deposit).toBe(27143);
    await pay(quote.id, 27143);
    expect((await patchLead(quote.lead.id, { status: "completed" })).status).toBe(200);
    const [invoice] = await (await admin("GET", "/api/admin/invoices")).json();
    expect(invoice).toMatchObject({ total: NET + JOB_VAT - 27143 });
    for (const text of [
      await textOfPdf(await callApi("GET", `/api/proposals/${quote.token}/pdf`)),
      await textOfPdf(await admin("GET", "/api/admin/documents/R-000001")),
      await textOfPdf(await admin("GET", "/api/admin/documents/INV-000001")),
    ]) {
      expect(text).not.toContain("Reverse charge");
      expect(text).not.toContain("account for");
      expect(text).toContain("including VAT");
    }
    expect(view.terms.tradeCancellation).toBeUndefined();
    const quotePdf = await textOfPdf(await callApi("GET", `/api/proposals/${quote.token}/pdf`));
    expect(quotePdf).toContain("Your right to cancel");
    expect(quotePdf).toContain("Model cancellation form");
    expect(quotePdf).not.toContain(TRADE_CANCELLATION_TEXT);
    const xero = await (await admin("GET", "/api/admin/invoices?format=xero")).text();
    expect(xero).not.toContain("Domestic Reverse Charge");
    const csv = await (await admin("GET", "/api/admin/invoices?format=csv")).text();
    expect(csv).not.toContain("reverse charge");
  });
});
