/**
 * An accepted quote's money as the documents and the pages read it (docs/payments.md): what was
 * accepted, paid and is left, what is due now, the VAT receipt of a payment and the guarantee
 * certificate as documents. Reads only: the changes are in payments.ts, the e-mails that draw these
 * documents (mail/emails/payment-emails.tsx) import this module and nothing that queues mail.
 */
import { vatBands, type VatBand } from "../../../src/lib/proposals/money.ts";
import { londonDate } from "../../../src/lib/visits/london-time.ts";
import type { CertificateDocument, ReceiptDocument } from "../../../src/lib/payments/payment-documents.ts";
import { paymentVat } from "../../../src/lib/payments/payment-rules.ts";
import {
  payableOf,
  reverseChargeVat,
  type TradeCustomer,
} from "../../../src/lib/proposals/reverse-charge.ts";
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
  /** A trade customer under the reverse charge (frozen on the quote when sent), else null. */
  tradeCustomer: TradeCustomer | null;
  /** What the customer pays for the job: with VAT, or its net under the reverse charge. */
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
  const tradeCustomer = row.document?.tradeCustomer ?? null;
  const total = payableOf(acceptance.totals, !!tradeCustomer);
  return {
    row,
    acceptance,
    payments,
    invoice: await invoiceOfProposal(row.id, client),
    tradeCustomer,
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

/**
 * The VAT a payment of `amount` towards the job holds: its share of the job's VAT, or, for a trade
 * customer, none (the bands are then the VAT they account for on it under the reverse charge).
 */
export function vatOfPayment(account: Account, amount: number): { vat: number; bands: VatBand[] } {
  if (account.tradeCustomer) {
    const reverse = reverseChargeVat(amount, acceptedBands(account), account.acceptance.totals.net);
    return { vat: 0, bands: reverse.bands };
  }
  const share = paymentVat(amount, acceptedBands(account), account.total);
  return { vat: share.vat, bands: share.bands };
}

// ---------------------------------------------------------------------------------------------
// Documents

/** The VAT receipt of a payment. */
export async function receiptDocument(payment: PaymentRow): Promise<ReceiptDocument> {
  const business = await businessDetails();
  const row = payment.proposal_id ? await readProposal(payment.proposal_id) : null;
  const account = row ? await accountOf(database(), row) : null;
  const applied = payment.amount - payment.excess;
  const share = account ? vatOfPayment(account, applied) : { vat: 0, bands: [] };
  // The receipt's own payment counts even once voided (a void leaves it out of `payments`).
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
    vatBands: account?.tradeCustomer ? [] : share.bands,
    ...(account?.tradeCustomer
      ? {
          reverseCharge: {
            vatNumber: account.tradeCustomer.vatNumber,
            vat: share.bands.reduce((sum, band) => sum + band.vat, 0),
            vatBands: share.bands,
          },
        }
      : {}),
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
