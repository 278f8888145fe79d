/**
 * An accepted quote's money as the documents and the pages read it (docs/payments.md): what was
 * accepted, paid and is left, what is due now, the VAT receipt of a payment and the guarantee
 * certificate as documents. Reads only: the changes are in payments.ts, the e-mails that draw these
 * documents (mail/emails/payment-emails.tsx) import this module and nothing that queues mail.
 */
import { vatBands } from "../../../src/lib/proposals/money.ts";
import { londonDate } from "../../../src/lib/visits/london-time.ts";
import type { CertificateDocument, ReceiptDocument } from "../../../src/lib/payments/payment-documents.ts";
import { paymentVat } from "../../../src/lib/payments/payment-rules.ts";
import { businessDetails, documentBusiness } from "../business.ts";
import { database, type Queryable } from "../database/database.ts";
import {
  acceptanceOf,
  readProposal,
  type AcceptanceRow,
  type ProposalRow,
} from "../proposals/proposal-records.ts";
import {
  invoiceOfProposal,
  paymentsOf,
  type GuaranteeRow,
  type InvoiceRow,
  type PaymentRow,
} from "./payment-records.ts";

/** An accepted quote's money: what was accepted, what was paid, what is left. */
export interface Account {
  row: ProposalRow;
  acceptance: AcceptanceRow;
  payments: PaymentRow[];
  invoice: InvoiceRow | null;
  total: number;
  paid: number;
  balance: number;
  /** The deposit asked for on acceptance (0: none). */
  deposit: number;
}

export async function accountOf(client: Queryable, row: ProposalRow): Promise<Account | null> {
  const acceptance = await acceptanceOf(row.id, client);
  if (!acceptance) return null;
  // A voided payment counts nowhere (payment-voids.ts).
  const payments = (await paymentsOf(row.id, client)).filter((payment) => !payment.voided);
  // What went towards the job: a card payment's excess above the balance is due back instead.
  const paid = payments.reduce((sum, payment) => sum + payment.amount - payment.excess, 0);
  const total = acceptance.totals.total;
  return {
    row,
    acceptance,
    payments,
    invoice: await invoiceOfProposal(row.id, client),
    total,
    paid,
    balance: total - paid,
    deposit: acceptance.totals.deposit,
  };
}

/** The money of an accepted quote read outside a transaction (null: not accepted). */
export const accountFor = (row: ProposalRow) => accountOf(database(), row);

/** What the customer is asked to pay now: the invoice's balance once issued, else what is left of the deposit. */
export function dueNow(account: Account): number {
  if (account.row.status !== "accepted") return 0;
  if (account.invoice) return Math.max(0, account.balance);
  return Math.max(0, Math.min(account.deposit - account.paid, account.balance));
}

export const customerName = (account: Account) => account.acceptance.name;

/** The accepted lines' VAT bands (optional lines only when chosen). */
export const acceptedBands = (account: Account) =>
  vatBands(account.row.document?.lines ?? [], account.acceptance.options);

// ---------------------------------------------------------------------------------------------
// Documents

/** The VAT receipt of a payment. */
export async function receiptDocument(payment: PaymentRow): Promise<ReceiptDocument> {
  const business = await businessDetails();
  const row = payment.proposal_id ? await readProposal(payment.proposal_id) : null;
  const account = row ? await accountOf(database(), row) : null;
  const bands = account ? acceptedBands(account) : [];
  const applied = payment.amount - payment.excess;
  const share = paymentVat(applied, bands, account?.total ?? 0);
  const paidSoFar =
    applied +
    (account?.payments ?? [])
      .filter((other) => other.receipt_number < payment.receipt_number)
      .reduce((sum, other) => sum + other.amount - other.excess, 0);
  return {
    number: payment.receipt_number,
    receivedOn: payment.received_on,
    method: payment.method,
    proposalNumber: payment.proposal_number,
    invoiceNumber: payment.invoice_number,
    business: documentBusiness(business),
    customer: { name: payment.customer_name },
    amount: payment.amount,
    vat: payment.vat,
    net: applied - payment.vat,
    refundDue: payment.excess,
    vatBands: share.bands,
    jobTotal: account?.total ?? payment.amount,
    paidSoFar,
    balance: Math.max(0, (account?.total ?? applied) - paidSoFar),
  };
}

/** The guarantee certificate of a row. */
export async function certificateDocument(
  guarantee: GuaranteeRow,
  siteUrl: string,
): Promise<CertificateDocument> {
  const business = await businessDetails();
  return {
    number: guarantee.number,
    issuedOn: londonDate(guarantee.issued_at.getTime()),
    business: documentBusiness(business),
    customer: { name: guarantee.customer_name },
    property: guarantee.property_address,
    work: guarantee.work.split("\n"),
    termWork: guarantee.term_work,
    years: guarantee.years,
    completedOn: guarantee.completed_on,
    validUntil: guarantee.valid_until,
    conditions: guarantee.conditions,
    proposalNumber: guarantee.proposal_number,
    invoiceNumber: guarantee.invoice_number,
    checkUrl: `${siteUrl}/guarantee`,
  };
}
