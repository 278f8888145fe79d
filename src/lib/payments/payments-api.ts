/**
 * Browser calls of the desk's money (docs/payments.md, "The desk"; docs/http-contract.md, Admin):
 * an accepted quote's payments, recording a bank payment, voiding one, confirming a refund, the Money panel, the
 * accountant's CSV and the documents' PDFs. Amounts are integer pence, days UK dates (YYYY-MM-DD).
 * A refusal comes back as ProposalRefusal with the server's words and field errors.
 *
 * Shipped to the browser: no Node APIs, astro:* or React.
 */
import { call } from "../proposals/proposals-api";
import type { ProposalStatus } from "../proposals/proposal-status";

/** What was asked of the customer: the deposit on acceptance, the invoice on completion. */
export interface RequestedPayment {
  kind: "deposit" | "invoice";
  /** The quote's number for a deposit, the invoice's for an invoice. */
  number: string;
  amount: number;
  requestedOn: string;
  dueOn: string | null;
}

export interface AdminPayment {
  id: string;
  amount: number;
  vat: number;
  method: "bank" | "card";
  receivedOn: string;
  receiptNumber: string;
  /** The invoice it paid, or null for a deposit. */
  invoiceNumber: string | null;
  /** Voided as recorded by mistake: it counts in no balance; its credit note cancels the receipt. */
  voided: PaymentVoid | null;
}

/** A payment's void (POST /api/admin/payments/{receiptNumber}/void answers it). */
export interface PaymentVoid {
  creditNote: string;
  reason: string;
  voidedOn: string;
  /** Who voided it, by name. */
  by: string;
}

/** A refund due after a cancellation within the 14 days or a card payment above what was owed; `confirmedAt` null while it waits. */
export interface AdminRefund {
  /** "cancelled": the customer cancelled; "overpaid": a card payment was above what was owed. */
  reason: "cancelled" | "overpaid";
  /** What is due back: all paid after a cancellation, the part above the balance after an overpayment. */
  paid: number;
  startEarly: boolean;
  /** Null for an overpayment. */
  cancelledAt: string | null;
  /** Since when the refund is due. */
  dueAt: string;
  amount: number | null;
  confirmedAt: string | null;
  note: string | null;
}

/** GET /api/admin/proposals/{id}/payments */
export interface PaymentsView {
  status: ProposalStatus;
  requested: RequestedPayment[];
  payments: AdminPayment[];
  total: number;
  paid: number;
  balance: number;
  dueNow: number;
  refund: AdminRefund | null;
  /** What completing the job would issue; null unless accepted and not yet invoiced. */
  onCompletion: {
    /** The invoice's amount: the balance. */
    invoice: number;
    guarantee: { work: string; years: number; conditions: string };
  } | null;
}

/** The lead's invoices and guarantee (GET /api/admin/contact-submissions/{id}). */
export interface LeadInvoice {
  number: string;
  issuedOn: string;
  dueOn: string;
  total: number;
  paidOn: string | null;
  proposalNumber: string;
}

export interface LeadGuarantee {
  number: string;
  validUntil: string;
}

/** One deposit or invoice asked for and not yet paid in full. */
export interface MoneyItem {
  kind: "deposit" | "invoice";
  number: string;
  proposalId: string | null;
  /** Null when the lead was erased (the accounts stay). */
  leadId: string | null;
  customer: string;
  /** Still to pay. */
  amount: number;
  since: string;
  dueOn: string | null;
  overdue: boolean;
}

export interface MoneyRefund extends AdminRefund {
  proposalId: string | null;
  number: string;
  customer: string;
}

/** GET /api/admin/money */
export interface MoneySummary {
  today: string;
  requested: { amount: number; items: MoneyItem[] };
  paid: { amount: number; count: number; since: string };
  overdue: { amount: number; count: number };
  refunds: MoneyRefund[];
}

const proposalUrl = (id: string) => `/api/admin/proposals/${encodeURIComponent(id)}`;

export const readPayments = (proposalId: string) => call<PaymentsView>(`${proposalUrl(proposalId)}/payments`);

/** Records a bank transfer that arrived; the server e-mails its receipt. */
export const recordBankPayment = (proposalId: string, amount: number, receivedOn: string) =>
  call<AdminPayment>(`${proposalUrl(proposalId)}/payments`, {
    method: "POST",
    body: JSON.stringify({ amount, method: "bank", receivedOn }),
  });

export const confirmRefund = (proposalId: string, amount: number, note?: string) =>
  call<AdminRefund>(`${proposalUrl(proposalId)}/refund`, {
    method: "POST",
    body: JSON.stringify(note ? { amount, note } : { amount }),
  });

/** Voids a bank payment recorded by mistake; the server issues and e-mails its credit note. */
export const voidPayment = (receiptNumber: string, reason: string) =>
  call<PaymentVoid>(`/api/admin/payments/${encodeURIComponent(receiptNumber)}/void`, {
    method: "POST",
    body: JSON.stringify({ reason }),
  });

export const readMoney = () => call<MoneySummary>("/api/admin/money");

/** The lead a quote belongs to (the refunds list names the quote only). */
export const leadOfProposal = async (proposalId: string) =>
  (await call<{ leadId: string }>(proposalUrl(proposalId))).leadId;

/**
 * The accountant's files, optionally from and/or to a day: `csv` every invoice and payment with its
 * VAT, `xero` the invoices in Xero's import layout, `payments` the payments and refunds for the bank
 * statement.
 */
export function moneyCsvUrl(from: string, to: string, format: "csv" | "xero" | "payments" = "csv"): string {
  const params = new URLSearchParams({ format });
  if (from) params.set("from", from);
  if (to) params.set("to", to);
  return `/api/admin/invoices?${params.toString()}`;
}

/** An invoice (INV-…), receipt (R-…), credit note (CN-…) or guarantee (G-…) as a PDF download. */
export const documentUrl = (number: string) => `/api/admin/documents/${encodeURIComponent(number)}`;
