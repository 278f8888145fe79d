/**
 * The rows of voided payments (table `payment_voids`, migration 20261129100000_payment_voids.sql):
 * the only module that reads or writes them. A void is written once and never changed; the
 * database refuses an edit of its money or a deletion younger than six years.
 */
import type { CreditNoteDocument } from "../../../src/lib/payments/payment-documents.ts";
import { database, type Queryable } from "../database/database.ts";

export interface VoidRow {
  payment_id: string;
  credit_note_number: string;
  sequence: number;
  receipt_number: string;
  proposal_id: string | null;
  proposal_number: string;
  invoice_number: string | null;
  customer_name: string;
  amount: number;
  vat: number;
  reason: string;
  voided_by: string;
  voided_at: Date;
  voided_on: string;
  document: CreditNoteDocument;
}

/** A void as the desk lists it: who voided it by name. */
export type ListedVoidRow = Omit<VoidRow, "document"> & { voided_by_name: string };

const VOID_COLUMNS = `v.payment_id, v.credit_note_number, v.sequence, v.receipt_number, v.proposal_id, v.proposal_number,
  v.invoice_number, v.customer_name, v.amount, v.vat, v.reason, v.voided_by, v.voided_at, v.voided_on::text AS voided_on`;

/** A void as the desk shows it beside its payment. */
export function toAdminVoid(row: Pick<VoidRow, "credit_note_number" | "reason" | "voided_on">, by: string) {
  return { creditNote: row.credit_note_number, reason: row.reason, voidedOn: row.voided_on, by };
}

export const creditNoteNumberOf = (sequence: number) => `CN-${String(sequence).padStart(6, "0")}`;

export async function insertVoid(client: Queryable, row: VoidRow): Promise<void> {
  await client.query(
    `INSERT INTO payment_voids (payment_id, credit_note_number, sequence, receipt_number, proposal_id, proposal_number,
       invoice_number, customer_name, amount, vat, reason, voided_by, voided_at, voided_on, document)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
    [
      row.payment_id,
      row.credit_note_number,
      row.sequence,
      row.receipt_number,
      row.proposal_id,
      row.proposal_number,
      row.invoice_number,
      row.customer_name,
      row.amount,
      row.vat,
      row.reason,
      row.voided_by,
      row.voided_at,
      row.voided_on,
      JSON.stringify(row.document),
    ],
  );
}

/** The voids of a quote's payments, with who voided each. */
export async function voidsOfProposal(
  proposalId: string,
  client: Queryable = database(),
): Promise<ListedVoidRow[]> {
  const { rows } = await client.query<ListedVoidRow>(
    `SELECT ${VOID_COLUMNS}, s.name AS voided_by_name
       FROM payment_voids v JOIN staff_users s ON s.id = v.voided_by
      WHERE v.proposal_id = $1 ORDER BY v.sequence`,
    [proposalId],
  );
  return rows;
}

/** The void of a payment (null: not voided). */
export async function voidOfPayment(paymentId: string, client: Queryable = database()) {
  const { rows } = await client.query<Omit<VoidRow, "document">>(
    `SELECT ${VOID_COLUMNS} FROM payment_voids v WHERE v.payment_id = $1`,
    [paymentId],
  );
  return rows[0] ?? null;
}

/** A credit note's frozen document, by its number (null: none). */
export async function creditNoteDocument(number: string): Promise<CreditNoteDocument | null> {
  const { rows } = await database().query<{ document: CreditNoteDocument }>(
    "SELECT document FROM payment_voids WHERE credit_note_number = $1",
    [number],
  );
  return rows[0]?.document ?? null;
}

/** Payments voided between two UK dates (inclusive; either may be missing), in credit note order. */
export async function voidsBetween(from?: string, to?: string): Promise<Omit<VoidRow, "document">[]> {
  const { rows } = await database().query<Omit<VoidRow, "document">>(
    `SELECT ${VOID_COLUMNS} FROM payment_voids v
      WHERE ($1::date IS NULL OR v.voided_on >= $1::date) AND ($2::date IS NULL OR v.voided_on <= $2::date)
      ORDER BY v.sequence`,
    [from ?? null, to ?? null],
  );
  return rows;
}

/** The invoice that counted a payment as paid on account before it was issued (null: none). */
export async function invoiceCounting(
  client: Queryable,
  payment: { receipt_number: string; proposal_number: string },
): Promise<string | null> {
  const { rows } = await client.query<{ number: string }>(
    `SELECT number FROM invoices
      WHERE proposal_number = $2
        AND document->'paidBefore' @> jsonb_build_array(jsonb_build_object('receiptNumber', $1::text))`,
    [payment.receipt_number, payment.proposal_number],
  );
  return rows[0]?.number ?? null;
}
