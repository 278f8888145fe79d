/**
 * The rows of getting paid (tables `payments`, `invoices`, `guarantees`, `refunds` and
 * `document_counters`, migration 20261125190000_payments.sql): the only module that reads or
 * writes them. Dates come back as their YYYY-MM-DD text (a `date` never passes through a
 * JavaScript Date, which would shift it by the server's time zone).
 */
import type { InvoiceDocument, PostalAddress } from "../../../src/lib/payments/payment-documents.ts";
import { database, type Queryable, waitingInLine } from "../database/database.ts";

export interface PaymentRow {
  id: string;
  proposal_id: string | null;
  proposal_number: string;
  customer_name: string;
  amount: number;
  vat: number;
  method: "bank" | "card";
  received_on: string;
  recorded_at: Date;
  receipt_number: string;
  invoice_number: string | null;
  stripe_session_id: string | null;
  /** The part of a card payment above what was owed: no VAT in it, a refund due (0: none). */
  excess: number;
  /** Voided (payment-voids.ts): its row stays, but it counts in no balance. */
  voided?: boolean;
}

export interface InvoiceRow {
  number: string;
  sequence: number;
  proposal_id: string | null;
  proposal_number: string;
  issued_at: Date;
  issued_on: string;
  due_on: string;
  customer_name: string;
  customer_address: PostalAddress;
  document: InvoiceDocument;
  net: number;
  vat: number;
  total: number;
  paid_on: string | null;
}

export interface GuaranteeRow {
  number: string;
  proposal_id: string | null;
  proposal_number: string;
  invoice_number: string | null;
  customer_name: string;
  property_address: PostalAddress;
  postcode: string;
  work: string;
  term_work: string;
  years: number;
  completed_on: string;
  valid_until: string;
  conditions: string;
  issued_at: Date;
}

export interface RefundRow {
  id: string;
  proposal_id: string | null;
  proposal_number: string;
  customer_name: string;
  paid: number;
  start_early: boolean;
  /** Why the refund is due: the customer cancelled, or a card payment was above what was owed. */
  reason: "cancelled" | "overpaid";
  /** Null for an overpayment's refund. */
  cancelled_at: Date | null;
  due_at: Date;
  amount: number | null;
  confirmed_at: Date | null;
  note: string | null;
  /** The VAT the confirmed refund gives back (null before confirmation, or confirmed before it was kept). */
  vat: number | null;
}

const PAYMENT_COLUMNS = `id, proposal_id, proposal_number, customer_name, amount, vat, method,
  received_on::text AS received_on, recorded_at, receipt_number, invoice_number, stripe_session_id, excess,
  EXISTS (SELECT 1 FROM payment_voids v WHERE v.payment_id = payments.id) AS voided`;
const INVOICE_COLUMNS = `number, sequence, proposal_id, proposal_number, issued_at, issued_on::text AS issued_on,
  due_on::text AS due_on, customer_name, customer_address, document, net, vat, total, paid_on::text AS paid_on`;
const GUARANTEE_COLUMNS = `number, proposal_id, proposal_number, invoice_number, customer_name, property_address, postcode, work,
  term_work, years, completed_on::text AS completed_on, valid_until::text AS valid_until, conditions, issued_at`;
const REFUND_COLUMNS = `id, proposal_id, proposal_number, customer_name, paid, start_early, reason, cancelled_at,
  due_at, amount, confirmed_at, note, vat`;

/**
 * The next number of an invoice or a receipt, taken in the caller's transaction: the counter's row
 * (written by the first issue of its kind) stays locked until it commits, so concurrent issues
 * queue (each waits its turn: `waitingInLine`), and a rollback gives the number back: the numbers
 * run without gaps or repeats.
 */
export async function nextDocumentNumber(
  client: Queryable,
  kind: "invoice" | "receipt" | "credit-note",
): Promise<number> {
  const { rows } = await waitingInLine<{ last_number: number }>(
    client,
    `INSERT INTO document_counters (kind, last_number) VALUES ($1, 1)
     ON CONFLICT (kind) DO UPDATE SET last_number = document_counters.last_number + 1 RETURNING last_number`,
    [kind],
  );
  if (!rows[0]) throw new Error(`No document counter for ${kind}`);
  return rows[0].last_number;
}

export const invoiceNumberOf = (sequence: number) => `INV-${String(sequence).padStart(6, "0")}`;
export const receiptNumberOf = (sequence: number) => `R-${String(sequence).padStart(6, "0")}`;

export async function paymentsOf(proposalId: string, client: Queryable = database()): Promise<PaymentRow[]> {
  const { rows } = await client.query<PaymentRow>(
    `SELECT ${PAYMENT_COLUMNS} FROM payments WHERE proposal_id = $1 ORDER BY received_on, receipt_number`,
    [proposalId],
  );
  return rows;
}

export async function readPayment(id: string, client: Queryable = database()): Promise<PaymentRow | null> {
  const { rows } = await client.query<PaymentRow>(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE id = $1`, [
    id,
  ]);
  return rows[0] ?? null;
}

export async function paymentOfSession(
  sessionId: string,
  client: Queryable = database(),
): Promise<PaymentRow | null> {
  const { rows } = await client.query<PaymentRow>(
    `SELECT ${PAYMENT_COLUMNS} FROM payments WHERE stripe_session_id = $1`,
    [sessionId],
  );
  return rows[0] ?? null;
}

export async function insertPayment(
  client: Queryable,
  row: Omit<PaymentRow, "recorded_at" | "voided"> & { recorded_at: Date },
) {
  await client.query(
    `INSERT INTO payments (id, proposal_id, proposal_number, customer_name, amount, vat, method, received_on,
       recorded_at, receipt_number, invoice_number, stripe_session_id, excess)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [
      row.id,
      row.proposal_id,
      row.proposal_number,
      row.customer_name,
      row.amount,
      row.vat,
      row.method,
      row.received_on,
      row.recorded_at,
      row.receipt_number,
      row.invoice_number,
      row.stripe_session_id,
      row.excess,
    ],
  );
}

export async function invoiceOfProposal(
  proposalId: string,
  client: Queryable = database(),
): Promise<InvoiceRow | null> {
  const { rows } = await client.query<InvoiceRow>(
    `SELECT ${INVOICE_COLUMNS} FROM invoices WHERE proposal_id = $1`,
    [proposalId],
  );
  return rows[0] ?? null;
}

export async function readInvoice(
  number: string,
  client: Queryable = database(),
): Promise<InvoiceRow | null> {
  const { rows } = await client.query<InvoiceRow>(
    `SELECT ${INVOICE_COLUMNS} FROM invoices WHERE number = $1`,
    [number],
  );
  return rows[0] ?? null;
}

export async function insertInvoice(
  client: Queryable,
  row: Omit<InvoiceRow, "paid_on"> & { paid_on: string | null },
) {
  await client.query(
    `INSERT INTO invoices (number, sequence, proposal_id, proposal_number, issued_at, issued_on, due_on, customer_name,
       customer_address, document, net, vat, total, paid_on)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
    [
      row.number,
      row.sequence,
      row.proposal_id,
      row.proposal_number,
      row.issued_at,
      row.issued_on,
      row.due_on,
      row.customer_name,
      JSON.stringify(row.customer_address),
      JSON.stringify(row.document),
      row.net,
      row.vat,
      row.total,
      row.paid_on,
    ],
  );
}

/** A voided payment left an invoice short of its total: it is unpaid again. */
export async function markInvoiceUnpaid(client: Queryable, number: string): Promise<void> {
  await client.query("UPDATE invoices SET paid_on = NULL WHERE number = $1", [number]);
}

export async function markInvoicePaid(client: Queryable, number: string, paidOn: string): Promise<void> {
  await client.query("UPDATE invoices SET paid_on = $2 WHERE number = $1 AND paid_on IS NULL", [
    number,
    paidOn,
  ]);
}

/** An invoice as lists show it: everything but its frozen document. */
export type ListedInvoiceRow = Omit<InvoiceRow, "document">;

/** Invoices issued between two UK dates (inclusive; either may be missing), in number order. */
export async function invoicesBetween(from?: string, to?: string): Promise<ListedInvoiceRow[]> {
  const { rows } = await database().query<ListedInvoiceRow>(
    `SELECT ${INVOICE_COLUMNS.replace("document, ", "")} FROM invoices
      WHERE ($1::date IS NULL OR issued_on >= $1::date) AND ($2::date IS NULL OR issued_on <= $2::date)
      ORDER BY sequence`,
    [from ?? null, to ?? null],
  );
  return rows;
}

/** Payments received between two UK dates (inclusive), in receipt order. */
export async function paymentsBetween(from?: string, to?: string): Promise<PaymentRow[]> {
  const { rows } = await database().query<PaymentRow>(
    `SELECT ${PAYMENT_COLUMNS} FROM payments
      WHERE ($1::date IS NULL OR received_on >= $1::date) AND ($2::date IS NULL OR received_on <= $2::date)
      ORDER BY receipt_number`,
    [from ?? null, to ?? null],
  );
  return rows;
}

/** Unpaid invoices whose due date is before `today` (a UK date), oldest first. */
export async function overdueInvoices(today: string, client: Queryable = database()): Promise<InvoiceRow[]> {
  const { rows } = await client.query<InvoiceRow>(
    `SELECT ${INVOICE_COLUMNS} FROM invoices WHERE paid_on IS NULL AND due_on < $1::date ORDER BY due_on, sequence`,
    [today],
  );
  return rows;
}

export async function guaranteeOfProposal(
  proposalId: string,
  client: Queryable = database(),
): Promise<GuaranteeRow | null> {
  const { rows } = await client.query<GuaranteeRow>(
    `SELECT ${GUARANTEE_COLUMNS} FROM guarantees WHERE proposal_id = $1`,
    [proposalId],
  );
  return rows[0] ?? null;
}

export async function readGuarantee(
  number: string,
  client: Queryable = database(),
): Promise<GuaranteeRow | null> {
  const { rows } = await client.query<GuaranteeRow>(
    `SELECT ${GUARANTEE_COLUMNS} FROM guarantees WHERE number = $1`,
    [number],
  );
  return rows[0] ?? null;
}

export async function insertGuarantee(client: Queryable, row: GuaranteeRow): Promise<void> {
  await client.query(
    `INSERT INTO guarantees (number, proposal_id, proposal_number, invoice_number, customer_name, property_address,
       postcode, work, term_work, years, completed_on, valid_until, conditions, issued_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
    [
      row.number,
      row.proposal_id,
      row.proposal_number,
      row.invoice_number,
      row.customer_name,
      JSON.stringify(row.property_address),
      row.postcode,
      row.work,
      row.term_work,
      row.years,
      row.completed_on,
      row.valid_until,
      row.conditions,
      row.issued_at,
    ],
  );
}

/** A quote's refund: the one waiting for the owner, else the latest confirmed (null: none). */
export async function refundOfProposal(
  proposalId: string,
  client: Queryable = database(),
  lock = false,
): Promise<RefundRow | null> {
  const { rows } = await client.query<RefundRow>(
    `SELECT ${REFUND_COLUMNS} FROM refunds WHERE proposal_id = $1
      ORDER BY confirmed_at DESC NULLS FIRST LIMIT 1${lock ? " FOR UPDATE" : ""}`,
    [proposalId],
  );
  return rows[0] ?? null;
}

export async function insertRefund(client: Queryable, row: Omit<RefundRow, "vat">): Promise<void> {
  await client.query(
    `INSERT INTO refunds (id, proposal_id, proposal_number, customer_name, paid, start_early, reason, cancelled_at,
       due_at, amount, confirmed_at, note)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      row.id,
      row.proposal_id,
      row.proposal_number,
      row.customer_name,
      row.paid,
      row.start_early,
      row.reason,
      row.cancelled_at,
      row.due_at,
      row.amount,
      row.confirmed_at,
      row.note,
    ],
  );
}

export async function confirmRefundRow(
  client: Queryable,
  id: string,
  amount: number,
  vat: number,
  note: string | null,
  at: Date,
): Promise<RefundRow> {
  const { rows } = await client.query<RefundRow>(
    `UPDATE refunds SET amount = $2, vat = $3, note = $4, confirmed_at = $5 WHERE id = $1 RETURNING ${REFUND_COLUMNS}`,
    [id, amount, vat, note, at],
  );
  return rows[0]!;
}

/** Refunds confirmed between two UK dates (inclusive; either may be missing), oldest first. */
export async function refundsConfirmedBetween(
  from?: string,
  to?: string,
): Promise<(RefundRow & { confirmed_on: string })[]> {
  const { rows } = await database().query<RefundRow & { confirmed_on: string }>(
    `SELECT ${REFUND_COLUMNS}, (confirmed_at AT TIME ZONE 'Europe/London')::date::text AS confirmed_on
       FROM refunds
      WHERE confirmed_at IS NOT NULL
        AND ($1::date IS NULL OR confirmed_at >= ($1::date::timestamp AT TIME ZONE 'Europe/London'))
        AND ($2::date IS NULL OR confirmed_at < (($2::date + 1)::timestamp AT TIME ZONE 'Europe/London'))
      ORDER BY confirmed_at`,
    [from ?? null, to ?? null],
  );
  return rows;
}

/** Refunds the owner has not confirmed yet, oldest first. */
export async function refundsDue(client: Queryable = database()): Promise<RefundRow[]> {
  const { rows } = await client.query<RefundRow>(
    `SELECT ${REFUND_COLUMNS} FROM refunds WHERE confirmed_at IS NULL ORDER BY due_at`,
  );
  return rows;
}

export async function readPaymentByReceipt(number: string): Promise<PaymentRow | null> {
  const { rows } = await database().query<PaymentRow>(
    `SELECT ${PAYMENT_COLUMNS} FROM payments WHERE receipt_number = $1`,
    [number],
  );
  return rows[0] ?? null;
}
