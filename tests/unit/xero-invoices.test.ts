/**
 * The accountant's Xero file, line by line (netlify/lib/payments/xero-invoices.ts): whatever the
 * quantities, prices, VAT rates and deposits, an invoice's rows add up in Xero (quantity times unit
 * amount, to the penny) to the invoice's own net amount, and every row's tax type is one of Xero's
 * UK sales rates.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  ukDate,
  xeroLines,
  xeroRows,
  XERO_COLUMNS,
  XERO_TAX_TYPES,
} from "../../netlify/lib/payments/xero-invoices.ts";
import type { InvoiceDocument } from "../../src/lib/payments/payment-documents.ts";
import { paymentVat } from "../../src/lib/payments/payment-rules.ts";
import { lineNet, totalsOf, vatBands, type VatRate } from "../../src/lib/proposals/money.ts";
import { INVOICE_FIXTURE } from "./invoice-fixture.ts";

interface Job {
  lines: { description: string; quantity: number; unitPrice: number; vatRate: VatRate }[];
  /** Each deposit as a share of what was still owed. */
  deposits: number[];
}

/** An invoice built as completion builds it: the job's lines, the payments before it, the balance. */
function invoiceOf(job: Job): InvoiceDocument {
  const lines = job.lines.map((line) => ({ ...line, net: lineNet(line) }));
  const totals = totalsOf(lines);
  const bands = vatBands(lines);
  let owed = totals.total;
  const paidBefore = job.deposits.flatMap((share, index) => {
    const amount = Math.min(owed, Math.max(1, Math.floor(owed * share)));
    if (amount === 0) return [];
    owed -= amount;
    return [
      {
        receiptNumber: `R-${String(index + 1).padStart(6, "0")}`,
        receivedOn: "2026-11-20",
        amount,
        vat: paymentVat(amount, bands, totals.total).vat,
      },
    ];
  });
  const paidVat = paidBefore.reduce((sum, paid) => sum + paid.vat, 0);
  const total = owed;
  const vat = total === 0 ? 0 : Math.max(0, Math.min(total, totals.vat - paidVat));
  return {
    ...INVOICE_FIXTURE,
    customer: {
      name: "Mhairi Dunn",
      address: { line1: "1 Loch View", town: "Callander", postcode: "FK17 8AA" },
    },
    lines,
    vatBands: bands,
    job: { net: totals.net, vat: totals.vat, total: totals.total },
    paidBefore,
    net: total - vat,
    vat,
    total,
  };
}

const line = fc.record({
  description: fc.constantFrom("Ridge tiles", "Scaffold, one week", "=SUM(A1)", "Loft insulation"),
  quantity: fc.integer({ min: 1, max: 50_000 }).map((hundredths) => hundredths / 100),
  unitPrice: fc.integer({ min: 1, max: 2_000_000 }),
  vatRate: fc.constantFrom<VatRate>(20, 5, 0),
});
const job = fc.record({
  lines: fc.array(line, { minLength: 1, maxLength: 8 }),
  deposits: fc.array(fc.double({ min: 0.01, max: 0.6, noNaN: true }), { maxLength: 3 }),
});

/** What Xero makes of a row: quantity times unit amount, in pence. */
const rowPence = (row: { quantity: string; unitAmount: number }) =>
  Math.round(Number(row.quantity) * row.unitAmount);

describe("xeroLines", () => {
  test("an invoice's rows add up to its net amount, for thousands of jobs and deposits", () => {
    fc.assert(
      fc.property(job, (generated) => {
        const invoice = invoiceOf(generated);
        if (invoice.total === 0) return; // paid in full before the invoice: nothing to add up
        const rows = xeroLines(invoice);
        expect(rows.reduce((sum, row) => sum + rowPence(row), 0)).toBe(invoice.net);
      }),
      { numRuns: 3000 },
    );
  });

  test("what was paid on account adds up to each receipt's net, by the rates of the job", () => {
    fc.assert(
      fc.property(job, (generated) => {
        const invoice = invoiceOf(generated);
        const onAccount = xeroLines(invoice).slice(invoice.lines.length);
        const paidNet = invoice.paidBefore.reduce((sum, paid) => sum + paid.amount - paid.vat, 0);
        expect(onAccount.reduce((sum, row) => sum + rowPence(row), 0) + paidNet).toBe(0);
        const rates = new Set(invoice.vatBands.map((band) => band.rate));
        for (const row of onAccount) expect(rates.has(row.rate)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  test("a measure that is not a whole number of pence goes as one unit of its net, the measure in words", () => {
    const invoice = invoiceOf({
      lines: [{ description: "Roughcast", quantity: 2.5, unitPrice: 1001, vatRate: 20 }],
      deposits: [],
    });
    expect(xeroLines(invoice)).toEqual([
      { description: "Roughcast (2.5 at 10.01)", quantity: "1", unitAmount: 2503, rate: 20 },
    ]);
  });
});

describe("xeroRows", () => {
  test("a row per line in Xero's column order, DD/MM/YYYY dates, Xero's tax types, text cells safe", () => {
    const invoice = invoiceOf({
      lines: [
        { description: "=SUM(A1)", quantity: 2, unitPrice: 4550, vatRate: 20 },
        { description: "Loft insulation", quantity: 1, unitPrice: 1001, vatRate: 5 },
      ],
      deposits: [],
    });
    const rows = xeroRows(invoice, "mhairi@example.co.uk", "210");
    const at = (row: string[], column: (typeof XERO_COLUMNS)[number]) => row[XERO_COLUMNS.indexOf(column)];
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.length === XERO_COLUMNS.length)).toBe(true);
    expect(rows.map((row) => at(row, "Description"))).toEqual(["'=SUM(A1)", "Loft insulation"]);
    expect(rows.map((row) => at(row, "TaxType"))).toEqual([XERO_TAX_TYPES[20], "5% (VAT on Income)"]);
    expect(rows.map((row) => [at(row, "InvoiceDate"), at(row, "DueDate")])).toEqual([
      ["27/11/2026", "04/12/2026"],
      ["27/11/2026", "04/12/2026"],
    ]);
    expect(rows.map((row) => at(row, "AccountCode"))).toEqual(["210", "210"]);
    expect(ukDate("2027-01-09")).toBe("09/01/2027");
  });
});
