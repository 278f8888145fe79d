/**
 * The construction domestic reverse charge's rules (src/lib/proposals/reverse-charge.ts): a UK VAT
 * number read however it was typed; what a trade customer pays (the net); the VAT they account for
 * on a payment, split by rate so the parts add up to the payment exactly, and on the invoice, so
 * the receipts and the invoice together declare the job's VAT to the penny; and the Xero file's rows
 * of such an invoice, in Xero's domestic reverse charge tax types, adding up to the invoice's net.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { xeroLines, xeroRows, xeroTaxType } from "../../netlify/lib/payments/xero-invoices.ts";
import type { InvoiceDocument } from "../../src/lib/payments/payment-documents.ts";
import { depositOf, lineNet, totalsOf, vatBands, type VatRate } from "../../src/lib/proposals/money.ts";
import {
  invoiceReverseCharge,
  normaliseVatNumber,
  payableOf,
  reverseChargeVat,
} from "../../src/lib/proposals/reverse-charge.ts";
import { INVOICE_FIXTURE } from "./invoice-fixture.ts";

describe("normaliseVatNumber", () => {
  test.each([
    ["GB123456789", "GB123456789"],
    ["gb 123 4567 89", "GB123456789"],
    ["123456789", "GB123456789"],
    [" GB 123 4567 89 001 ", "GB123456789001"],
    ["gb123-456-789", "GB123456789"],
  ])("%j → %s", (typed, stored) => expect(normaliseVatNumber(typed)).toBe(stored));

  test.each([
    "",
    "GB",
    "GB12345678",
    "GB1234567890",
    "GB12345678901",
    "FR123456789",
    "GBX23456789",
    "GB 123 456 78X",
    "XI123456789",
  ])("%j is not a UK VAT number", (typed) => expect(normaliseVatNumber(typed)).toBeNull());
});

test("a trade customer pays the net, a homeowner the total with VAT", () => {
  expect(payableOf({ net: 90601, total: 108571 }, true)).toBe(90601);
  expect(payableOf({ net: 90601, total: 108571 }, false)).toBe(108571);
});

const line = fc.record({
  description: fc.constantFrom("Ridge tiles", "Scaffold, one week", "Loft insulation"),
  quantity: fc.integer({ min: 1, max: 50_000 }).map((hundredths) => hundredths / 100),
  unitPrice: fc.integer({ min: 1, max: 2_000_000 }),
  vatRate: fc.constantFrom<VatRate>(20, 5, 0),
});
type Line = { description: string; quantity: number; unitPrice: number; vatRate: VatRate };

const job = fc.record({
  lines: fc.array(line, { minLength: 1, maxLength: 8 }),
  depositPercent: fc.integer({ min: 0, max: 25 }),
});

/** A trade customer's invoice as completion builds it, after a deposit of `depositPercent` of the net. */
function tradeInvoice(lines: Line[], depositPercent: number) {
  const priced = lines.map((one) => ({ ...one, net: lineNet(one) }));
  const totals = totalsOf(priced);
  const bands = vatBands(priced);
  const deposit = depositOf(payableOf(totals, true), depositPercent);
  const receipt = reverseChargeVat(deposit, bands, totals.net);
  const reverse = invoiceReverseCharge(bands, deposit > 0 ? [receipt.bands] : []);
  const balance = totals.net - deposit;
  const invoice: InvoiceDocument = {
    ...INVOICE_FIXTURE,
    customer: {
      name: "Carse Build Ltd",
      address: { line1: "Unit 2", town: "Stirling", postcode: "FK7 7XQ" },
    },
    lines: priced,
    vatBands: bands,
    job: totals,
    paidBefore:
      deposit > 0 ? [{ receiptNumber: "R-000001", receivedOn: "2026-11-20", amount: deposit, vat: 0 }] : [],
    net: balance,
    vat: 0,
    total: balance,
    reverseCharge: {
      vatNumber: "GB123456789",
      vat: reverse.reduce((sum, band) => sum + band.vat, 0),
      vatBands: reverse,
    },
  };
  return { totals, bands, deposit, receipt, reverse, invoice };
}

describe("reverseChargeVat and invoiceReverseCharge", () => {
  test("a payment's parts by rate add up to it; its VAT is each part's at its rate", () => {
    fc.assert(
      fc.property(job, fc.double({ min: 0, max: 1, noNaN: true }), ({ lines }, share) => {
        const priced = lines.map((one) => ({ ...one, net: lineNet(one) }));
        const totals = totalsOf(priced);
        const amount = Math.floor(totals.net * share);
        const split = reverseChargeVat(amount, vatBands(priced), totals.net);
        expect(split.bands.reduce((sum, band) => sum + band.net, 0)).toBe(amount);
        for (const band of split.bands)
          expect(band.vat).toBe(Math.round((band.net * band.rate) / 100 + 1e-9));
        expect(split.vat).toBe(split.bands.reduce((sum, band) => sum + band.vat, 0));
      }),
      { numRuns: 3000 },
    );
  });

  test("the deposit's receipt and the invoice declare the job's VAT exactly, and the balance's net by rate", () => {
    fc.assert(
      fc.property(job, ({ lines, depositPercent }) => {
        const { totals, deposit, receipt, reverse } = tradeInvoice(lines, depositPercent);
        const declared = (deposit > 0 ? receipt.vat : 0) + reverse.reduce((sum, band) => sum + band.vat, 0);
        expect(declared).toBe(totals.vat);
        expect(reverse.reduce((sum, band) => sum + band.net, 0)).toBe(totals.net - deposit);
      }),
      { numRuns: 3000 },
    );
  });

  test("the whole job paid at once: the invoice declares all of it", () => {
    const bands = vatBands([
      { quantity: 1, unitPrice: 100000, vatRate: 20 },
      { quantity: 1, unitPrice: 2000, vatRate: 5 },
    ]);
    expect(invoiceReverseCharge(bands, [])).toEqual(bands);
  });
});

describe("the Xero file of a trade customer's invoice", () => {
  test("rows in Xero's domestic reverse charge tax types (0% stays zero rated), adding up to the invoice's net", () => {
    fc.assert(
      fc.property(job, ({ lines, depositPercent }) => {
        const { invoice } = tradeInvoice(lines, depositPercent);
        const rows = xeroLines(invoice);
        expect(rows.reduce((sum, row) => sum + Math.round(Number(row.quantity) * row.unitAmount), 0)).toBe(
          invoice.net,
        );
      }),
      { numRuns: 2000 },
    );
    const { invoice } = tradeInvoice(
      [
        { description: "Slate roof", quantity: 1, unitPrice: 500000, vatRate: 20 },
        { description: "Insulation", quantity: 1, unitPrice: 20000, vatRate: 5 },
        { description: "New-build porch", quantity: 1, unitPrice: 10000, vatRate: 0 },
      ],
      25,
    );
    const types = xeroRows(invoice, null, "200").map((row) => row[20]);
    expect(types).toEqual([
      "Domestic Reverse Charge @ 20% (VAT on Income)",
      "Domestic Reverse Charge @ 5% (VAT on Income)",
      "Zero Rated Income",
      "Domestic Reverse Charge @ 20% (VAT on Income)",
      "Domestic Reverse Charge @ 5% (VAT on Income)",
      "Zero Rated Income",
    ]);
    const { reverseCharge: _, ...homeowner } = invoice;
    expect(xeroTaxType(homeowner, 20)).toBe("20% (VAT on Income)");
    expect(xeroTaxType(homeowner, 5)).toBe("5% (VAT on Income)");
  });
});
