/**
 * Money in the desk (docs/payments.md, "The desk"): what is asked for and not yet paid (deposits of
 * accepted quotes, invoices), what was paid, what is overdue, the refunds waiting for the owner;
 * the invoices list and the accountant's CSV; the public guarantee check. Read-only SQL over the
 * payments tables, each query bounded by an index (unpaid invoices by due date, payments by day).
 */
import { stringify } from "csv-stringify/sync";
import { addDays, londonDate } from "../../../src/lib/visits/london-time.ts";
import type { MoneyItem } from "../../../src/lib/payments/payments-api.ts";
import { guaranteeNumberOf } from "../../../src/lib/payments/guarantee-number.ts";
import { normalisePostcode } from "../../../src/lib/postcode.ts";
import { database } from "../database/database.ts";
import { CSV_BOM, CSV_OPTIONS, neutralizeCell } from "../http/csv.ts";
import {
  invoicesBetween,
  paymentsBetween,
  readGuarantee,
  refundsConfirmedBetween,
  refundsDue,
  type ListedInvoiceRow,
} from "./payment-records.ts";
import { toAdminRefund } from "./payments.ts";
import { voidsBetween } from "./void-records.ts";

/** A payment that counts: not voided (payment-voids.ts). Its row stays in the accountant's files. */
const NOT_VOIDED = "NOT EXISTS (SELECT 1 FROM payment_voids v WHERE v.payment_id = payments.id)";

/** How far back "paid" looks in the desk's summary. */
export const PAID_WINDOW_DAYS = 30;

/** GET /api/admin/money: requested and unpaid, paid in the last 30 days, overdue, refunds due. */
export async function moneySummary(now = Date.now()) {
  const today = londonDate(now);
  const db = database();
  // Deposits asked for on accepted quotes with no invoice yet, less what was paid on them.
  const { rows: deposits } = await db.query<{
    proposal_id: string;
    lead_id: string;
    number: string;
    name: string;
    deposit: number;
    paid: number;
    accepted_at: Date;
  }>(
    `SELECT p.id AS proposal_id, p.lead_id, p.number, a.name, (a.totals->>'deposit')::int AS deposit,
            COALESCE((SELECT sum(amount) FROM payments WHERE proposal_id = p.id AND ${NOT_VOIDED}), 0)::int AS paid,
            a.accepted_at
       FROM proposals p JOIN proposal_acceptances a ON a.proposal_id = p.id
      WHERE p.status = 'accepted' AND (a.totals->>'deposit')::int > 0
        AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.proposal_id = p.id)
      ORDER BY a.accepted_at`,
  );
  const { rows: invoices } = await db.query<{
    number: string;
    proposal_id: string | null;
    lead_id: string | null;
    customer_name: string;
    total: number;
    paid: number;
    issued_on: string;
    due_on: string;
  }>(
    `SELECT i.number, i.proposal_id, p.lead_id, i.customer_name, i.total, i.issued_on::text AS issued_on,
            i.due_on::text AS due_on,
            COALESCE((SELECT sum(amount) FROM payments WHERE invoice_number = i.number AND ${NOT_VOIDED}), 0)::int
              AS paid
       FROM invoices i LEFT JOIN proposals p ON p.id = i.proposal_id
      WHERE i.paid_on IS NULL ORDER BY i.due_on, i.sequence`,
  );
  const items: MoneyItem[] = [
    ...deposits
      .filter((row) => row.deposit > row.paid)
      .map((row) => ({
        kind: "deposit" as const,
        number: row.number,
        proposalId: row.proposal_id,
        leadId: row.lead_id,
        customer: row.name,
        amount: row.deposit - row.paid,
        since: londonDate(row.accepted_at.getTime()),
        dueOn: null,
        overdue: false,
      })),
    ...invoices.map((row) => ({
      kind: "invoice" as const,
      number: row.number,
      proposalId: row.proposal_id,
      leadId: row.lead_id,
      customer: row.customer_name,
      amount: row.total - row.paid,
      since: row.issued_on,
      dueOn: row.due_on,
      overdue: row.due_on < today,
    })),
  ];
  const since = addDays(today, -PAID_WINDOW_DAYS);
  const { rows: paid } = await db.query<{ amount: number; count: number }>(
    `SELECT COALESCE(sum(amount), 0)::int AS amount, count(*)::int AS count FROM payments
      WHERE received_on > $1::date AND ${NOT_VOIDED}`,
    [since],
  );
  const overdue = items.filter((item) => item.overdue);
  return {
    today,
    requested: { amount: items.reduce((sum, item) => sum + item.amount, 0), items },
    paid: { amount: paid[0]?.amount ?? 0, count: paid[0]?.count ?? 0, since },
    overdue: { amount: overdue.reduce((sum, item) => sum + item.amount, 0), count: overdue.length },
    refunds: (await refundsDue(db)).map((refund) => ({
      proposalId: refund.proposal_id,
      number: refund.proposal_number,
      customer: refund.customer_name,
      ...toAdminRefund(refund),
    })),
  };
}

/** An invoice as GET /api/admin/invoices lists it. */
export function toListedInvoice(row: ListedInvoiceRow) {
  return {
    number: row.number,
    issuedOn: row.issued_on,
    dueOn: row.due_on,
    proposalNumber: row.proposal_number,
    customer: row.customer_name,
    net: row.net,
    vat: row.vat,
    total: row.total,
    paidOn: row.paid_on,
  };
}

export async function listInvoices(from?: string, to?: string) {
  return (await invoicesBetween(from, to)).map(toListedInvoice);
}

const pounds = (pence: number) => (pence < 0 ? "-" : "") + (Math.abs(pence) / 100).toFixed(2);

/** A row of the accountant's files: its cells, and where it sorts (its day, then `order`). */
interface DatedRow {
  date: string;
  order: string;
  cells: string[];
}

/**
 * One of the accountant's files (UTF-8 with BOM, CRLF): `rows` in date order under `columns`. Only
 * the customer's name, the one cell of free text, is neutralised against formulas; the numbers and
 * dates are the desk's own, so a negative amount stays a number.
 */
function datedCsv(columns: readonly string[], rows: DatedRow[]): string {
  const customer = columns.indexOf("Customer");
  const sorted = rows.sort((a, b) =>
    a.date === b.date ? a.order.localeCompare(b.order) : a.date.localeCompare(b.date),
  );
  return (
    CSV_BOM +
    stringify(
      [
        [...columns],
        ...sorted.map((row) =>
          row.cells.map((cell, index) => (index === customer ? neutralizeCell(cell) : cell)),
        ),
      ],
      CSV_OPTIONS,
    )
  );
}

export const MONEY_CSV_COLUMNS = [
  "Type",
  "Number",
  "Date",
  "Customer",
  "Quote",
  "Invoice",
  "Net",
  "VAT",
  "Total",
  "Paid on",
] as const;

/**
 * The accountant's CSV (datedCsv): every invoice issued, every payment received and every refund
 * confirmed in the range, in date order. "Invoice" rows are VAT invoices (tax point: their date); "Receipt" rows are payments: a
 * deposit's receipt is its own tax point, a payment against an invoice (its number in "Invoice")
 * settles VAT already on that invoice. "Refund" rows give money back on a cancelled quote (its
 * number in "Number" and "Quote"), negative, with the VAT it gives back (empty when not kept).
 * "Credit note" rows cancel the receipt of a voided payment (its own row stays), negative, with the
 * receipt's VAT.
 */
export async function moneyCsv(from?: string, to?: string): Promise<string> {
  const invoices = await invoicesBetween(from, to);
  const payments = await paymentsBetween(from, to);
  const refunds = await refundsConfirmedBetween(from, to);
  const reverse = await reverseChargeQuotes();
  // A trade customer's rows (the domestic reverse charge) say so: no VAT charged, not zero-rated.
  const kind = (type: string, quote: string) => (reverse.has(quote) ? `${type}, reverse charge` : type);
  const voids = await voidsBetween(from, to);
  const rows: DatedRow[] = [
    ...invoices.map((row) => ({
      date: row.issued_on,
      order: `0${row.number}`,
      cells: [
        reverse.has(row.proposal_number) ? "Invoice (reverse charge)" : "Invoice",
        row.number,
        row.issued_on,
        row.customer_name,
        row.proposal_number,
        row.number,
        pounds(row.net),
        pounds(row.vat),
        pounds(row.total),
        row.paid_on ?? "",
      ],
    })),
    ...payments.map((row) => ({
      date: row.received_on,
      order: `1${row.receipt_number}`,
      cells: [
        `Receipt (${kind(row.invoice_number ? "invoice payment" : "deposit", row.proposal_number)})`,
        row.receipt_number,
        row.received_on,
        row.customer_name,
        row.proposal_number,
        row.invoice_number ?? "",
        pounds(row.amount - row.vat),
        pounds(row.vat),
        pounds(row.amount),
        row.received_on,
      ],
    })),
    ...refunds.map((row) => ({
      date: row.confirmed_on,
      order: `2${row.confirmed_at!.toISOString()}`,
      cells: [
        "Refund",
        row.proposal_number,
        row.confirmed_on,
        row.customer_name,
        row.proposal_number,
        "",
        row.vat === null ? "" : pounds(-(row.amount! - row.vat)),
        row.vat === null ? "" : pounds(-row.vat),
        pounds(-row.amount!),
        row.confirmed_on,
      ],
    })),
    ...voids.map((row) => ({
      date: row.voided_on,
      order: `3${row.credit_note_number}`,
      cells: [
        "Credit note",
        row.credit_note_number,
        row.voided_on,
        row.customer_name,
        row.proposal_number,
        row.invoice_number ?? "",
        pounds(-(row.amount - row.vat)),
        pounds(-row.vat),
        pounds(-row.amount),
        "",
      ],
    })),
  ];
  return datedCsv(MONEY_CSV_COLUMNS, rows);
}

/**
 * The numbers of the quotes under the domestic reverse charge: sent to a trade customer, or
 * invoiced as such (the invoice's frozen document stays when its lead is erased).
 */
async function reverseChargeQuotes(): Promise<Set<string>> {
  const { rows } = await database().query<{ number: string }>(
    `SELECT number FROM proposals WHERE document ? 'tradeCustomer'
     UNION SELECT proposal_number FROM invoices WHERE document ? 'reverseCharge'`,
  );
  return new Set(rows.map((row) => row.number));
}

export const PAYMENTS_CSV_COLUMNS = [
  "Date",
  "Amount",
  "Method",
  "Reference",
  "Receipt",
  "Customer",
  "Quote",
  "Invoice",
] as const;

/**
 * The payments CSV, for matching the bank statement line by line: every payment received in the
 * range (its day, amount, bank or card, the reference the customer was asked to quote — the
 * invoice's number for an invoice, the quote's for a deposit — its receipt) and every refund
 * confirmed (negative, "refund") and every void (negative, "void", the voided receipt's number), in
 * date order. Card payments reach the bank in Stripe's payouts, less Stripe's fees: they are
 * matched in Stripe's own report.
 */
export async function paymentsCsv(from?: string, to?: string): Promise<string> {
  const payments = await paymentsBetween(from, to);
  const refunds = await refundsConfirmedBetween(from, to);
  const voids = await voidsBetween(from, to);
  const rows: DatedRow[] = [
    ...payments.map((row) => ({
      date: row.received_on,
      order: `0${row.receipt_number}`,
      cells: [
        row.received_on,
        pounds(row.amount),
        row.method,
        row.invoice_number ?? row.proposal_number,
        row.receipt_number,
        row.customer_name,
        row.proposal_number,
        row.invoice_number ?? "",
      ],
    })),
    ...refunds.map((row) => ({
      date: row.confirmed_on,
      order: `1${row.confirmed_at!.toISOString()}`,
      cells: [
        row.confirmed_on,
        pounds(-row.amount!),
        "refund",
        row.proposal_number,
        "",
        row.customer_name,
        row.proposal_number,
        "",
      ],
    })),
    ...voids.map((row) => ({
      date: row.voided_on,
      order: `2${row.credit_note_number}`,
      cells: [
        row.voided_on,
        pounds(-row.amount),
        "void",
        row.invoice_number ?? row.proposal_number,
        row.receipt_number,
        row.customer_name,
        row.proposal_number,
        row.invoice_number ?? "",
      ],
    })),
  ];
  return datedCsv(PAYMENTS_CSV_COLUMNS, rows);
}

/**
 * GET /api/guarantees/check: a certificate whose number and property postcode both match (null
 * otherwise, whichever is wrong), with nothing personal: whether it is valid today, until when,
 * the work and the completion date.
 */
export async function checkGuarantee(number: string, postcode: string, now = Date.now()) {
  const wanted = guaranteeNumberOf(number);
  const code = normalisePostcode(postcode);
  if (!wanted || !code) return null;
  const row = await readGuarantee(wanted);
  if (!row || row.postcode !== code) return null;
  return {
    valid: row.valid_until >= londonDate(now),
    validUntil: row.valid_until,
    work: `${row.term_work}: ${row.work.split("\n").join("; ")}`,
    completedOn: row.completed_on,
  };
}
