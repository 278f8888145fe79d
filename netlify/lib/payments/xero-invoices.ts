/**
 * The accountant's Xero file (docs/payments.md, "For the accountant"): the invoices issued in a range
 * as Xero's sales-invoice import reads them, so nothing is typed twice (Making Tax Digital).
 *
 * The columns and their order are those of Xero's own import template (SalesInvoiceTemplate.csv),
 * one row per invoice line, dates DD/MM/YYYY, amounts in pounds without VAT (imported as "Tax
 * exclusive"). Each invoice's rows add up to its net amount: the job's lines, then what was paid on
 * account before it (each deposit receipt by VAT rate, negative), as the invoice itself reads.
 */
import { stringify } from "csv-stringify/sync";
import type { InvoiceDocument } from "../../../src/lib/payments/payment-documents.ts";
import { paymentVat } from "../../../src/lib/payments/payment-rules.ts";
import type { VatBand, VatRate } from "../../../src/lib/proposals/money.ts";
import { reverseChargeVat } from "../../../src/lib/proposals/reverse-charge.ts";
import { businessDetails } from "../business.ts";
import { database } from "../database/database.ts";
import { CSV_OPTIONS, neutralizeCell } from "../http/csv.ts";

/** Cells of free text, neutralised against formulas; the amounts and dates are the file's own. */
const TEXT_COLUMNS = new Set<string>([
  "ContactName",
  "EmailAddress",
  "POAddressLine1",
  "POCity",
  "Description",
]);

/** Xero's template, in its order (its required columns carry a `*` there; Xero reads them without). */
export const XERO_COLUMNS = [
  "ContactName",
  "EmailAddress",
  "POAddressLine1",
  "POAddressLine2",
  "POAddressLine3",
  "POAddressLine4",
  "POCity",
  "PORegion",
  "POPostalCode",
  "POCountry",
  "InvoiceNumber",
  "Reference",
  "InvoiceDate",
  "DueDate",
  "InventoryItemCode",
  "Description",
  "Quantity",
  "UnitAmount",
  "Discount",
  "AccountCode",
  "TaxType",
  "TrackingName1",
  "TrackingOption1",
  "TrackingName2",
  "TrackingOption2",
  "Currency",
  "BrandingTheme",
] as const;

type Column = (typeof XERO_COLUMNS)[number];

/** The names of Xero's standard UK VAT rates on sales, as its TaxType column wants them. */
export const XERO_TAX_TYPES: Record<VatRate, string> = {
  20: "20% (VAT on Income)",
  5: "5% (VAT on Income)",
  0: "Zero Rated Income",
};

/**
 * Xero's own UK tax rates for the construction domestic reverse charge on sales (its API's tax
 * types DRCHARGE20 and DRCHARGE5), which the organisation adds once (Accounting → Advanced → Tax
 * rates → Add Domestic Reverse Charge Tax Rates). Zero-rated work is outside the reverse charge.
 */
export const XERO_REVERSE_CHARGE_TAX_TYPES: Record<VatRate, string> = {
  20: "Domestic Reverse Charge @ 20% (VAT on Income)",
  5: "Domestic Reverse Charge @ 5% (VAT on Income)",
  0: "Zero Rated Income",
};

/** A line's tax type: Xero's standard rate, or its domestic reverse charge for a trade customer. */
export const xeroTaxType = (invoice: InvoiceDocument, rate: VatRate) =>
  (invoice.reverseCharge ? XERO_REVERSE_CHARGE_TAX_TYPES : XERO_TAX_TYPES)[rate];

/** Xero's "Sales" account in its standard UK chart of accounts, unless content/business.yaml says otherwise. */
export const DEFAULT_SALES_ACCOUNT = "200";

/** One line of the file: the invoice's own cells, then the line's. */
export interface XeroLine {
  description: string;
  quantity: string;
  /** Pence, without VAT. */
  unitAmount: number;
  rate: VatRate;
}

/** 2026-11-27 → 27/11/2026 */
export const ukDate = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

const pounds = (pence: number) => (pence < 0 ? "-" : "") + (Math.abs(pence) / 100).toFixed(2);

/**
 * What was paid on account before the invoice, by VAT rate: each receipt's net split over the job's
 * rates as its receipt declared it (largest remainder), the receipt's own net kept exactly.
 */
function paidOnAccount(invoice: InvoiceDocument): XeroLine[] {
  return invoice.paidBefore.flatMap((paid) => {
    // A trade customer's receipt held no VAT: its amount is split over the job's net by rate.
    const bands: VatBand[] = invoice.reverseCharge
      ? reverseChargeVat(paid.amount, invoice.vatBands, invoice.job.net).bands
      : paymentVat(paid.amount, invoice.vatBands, invoice.job.total).bands;
    const net = paid.amount - paid.vat;
    const split = bands.reduce((sum, band) => sum + band.net, 0);
    // A receipt issued under an earlier rounding may differ by a penny: the largest part takes it.
    const largest = bands.reduce((top, band, index) => (band.net > bands[top]!.net ? index : top), 0);
    const top = bands[largest];
    if (top) bands[largest] = { ...top, net: top.net + net - split };
    const several = bands.filter((band) => band.net !== 0).length > 1;
    return bands
      .filter((band) => band.net !== 0)
      .map((band) => ({
        description: `Paid on account: receipt ${paid.receiptNumber} of ${ukDate(paid.receivedOn)}${several ? `, ${band.rate}% VAT part` : ""}`,
        quantity: "1",
        unitAmount: -band.net,
        rate: band.rate,
      }));
  });
}

/**
 * The invoice's lines for Xero. A line whose quantity times price is not a whole number of pence
 * (2.5 m² at £10.01) goes as one unit of its net amount, the measure kept in its description, so
 * Xero's sum is the invoice's to the penny.
 */
export function xeroLines(invoice: InvoiceDocument): XeroLine[] {
  const lines = invoice.lines.map((line) => {
    const exact = Math.abs(line.quantity * line.unitPrice - line.net) < 1e-9;
    return exact
      ? {
          description: line.description,
          quantity: String(line.quantity),
          unitAmount: line.unitPrice,
          rate: line.vatRate,
        }
      : {
          description: `${line.description} (${line.quantity} at ${pounds(line.unitPrice)})`,
          quantity: "1",
          unitAmount: line.net,
          rate: line.vatRate,
        };
  });
  return [...lines, ...paidOnAccount(invoice)];
}

/** The rows of one invoice, in XERO_COLUMNS order. */
export function xeroRows(invoice: InvoiceDocument, email: string | null, accountCode: string): string[][] {
  return xeroLines(invoice).map((line) => {
    const cells: Record<Column, string> = {
      ContactName: invoice.customer.name,
      EmailAddress: email ?? "",
      POAddressLine1: invoice.customer.address.line1,
      POAddressLine2: "",
      POAddressLine3: "",
      POAddressLine4: "",
      POCity: invoice.customer.address.town,
      PORegion: "",
      POPostalCode: invoice.customer.address.postcode,
      POCountry: "United Kingdom",
      InvoiceNumber: invoice.number,
      Reference: invoice.proposalNumber,
      InvoiceDate: ukDate(invoice.issuedOn),
      DueDate: ukDate(invoice.dueOn),
      InventoryItemCode: "",
      Description: line.description,
      Quantity: line.quantity,
      UnitAmount: pounds(line.unitAmount),
      Discount: "",
      AccountCode: accountCode,
      TaxType: xeroTaxType(invoice, line.rate),
      TrackingName1: "",
      TrackingOption1: "",
      TrackingName2: "",
      TrackingOption2: "",
      Currency: "GBP",
      BrandingTheme: "",
    };
    return XERO_COLUMNS.map((column) =>
      TEXT_COLUMNS.has(column) ? neutralizeCell(cells[column]) : cells[column],
    );
  });
}

/**
 * GET /api/admin/invoices?format=xero: the invoices issued between two UK dates (inclusive; either
 * may be missing) in number order, with the customer's e-mail while the lead is kept.
 */
export async function xeroCsv(from?: string, to?: string): Promise<string> {
  const { rows } = await database().query<{ document: InvoiceDocument; email: string | null }>(
    `SELECT i.document, l.email FROM invoices i
       LEFT JOIN proposals p ON p.id = i.proposal_id
       LEFT JOIN leads l ON l.id = p.lead_id
      WHERE ($1::date IS NULL OR i.issued_on >= $1::date) AND ($2::date IS NULL OR i.issued_on <= $2::date)
      ORDER BY i.sequence`,
    [from ?? null, to ?? null],
  );
  const accountCode = (await businessDetails()).accounting?.salesAccountCode ?? DEFAULT_SALES_ACCOUNT;
  // UTF-8 without a byte order mark: the file is for Xero's import, not for a spreadsheet.
  return stringify(
    [[...XERO_COLUMNS], ...rows.flatMap((row) => xeroRows(row.document, row.email, accountCode))],
    CSV_OPTIONS,
  );
}
