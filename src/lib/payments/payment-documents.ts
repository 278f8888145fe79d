/**
 * The documents of getting paid (docs/payments.md): the VAT invoice for the balance, the VAT receipt
 * that confirms a payment, and the guarantee certificate. Each is frozen when issued (the invoice's
 * row keeps its document) and drawn by one module each as a PDF and an e-mail, so what the customer,
 * the owner and the accountant read is the same. Amounts are integer pence; dates are UK dates
 * (YYYY-MM-DD). Browser-safe: no Node APIs.
 */
import type { VatBand, VatRate } from "../proposals/money.ts";
import type { DocumentBusiness } from "../proposals/quote-document.ts";

export interface PostalAddress {
  line1: string;
  town: string;
  postcode: string;
}

/** The bank transfer details customers pay to (content/business.yaml, `bank`). */
export interface BankDetails {
  accountName: string;
  sortCode: string;
  accountNumber: string;
}

export interface InvoiceLine {
  description: string;
  quantity: number;
  unitPrice: number;
  vatRate: VatRate;
  /** quantity × unitPrice, without VAT. */
  net: number;
}

/**
 * The domestic reverse charge on a trade customer's document: their VAT number, and the VAT they
 * account for to HMRC (by rate, `net` being what it is worked on), charged nowhere on the document.
 */
export interface ReverseChargeNote {
  vatNumber: string;
  vat: number;
  vatBands: VatBand[];
}

/** A full VAT invoice for the balance of an accepted quote. */
export interface InvoiceDocument {
  number: string;
  /** The date of issue, also the tax point of the balance. */
  issuedOn: string;
  taxPoint: string;
  dueOn: string;
  proposalNumber: string;
  business: DocumentBusiness;
  customer: { name: string; address: PostalAddress };
  /** The accepted lines (optional lines only when chosen). */
  lines: InvoiceLine[];
  /** The whole job: VAT by rate, and net, VAT and total. */
  vatBands: VatBand[];
  job: { net: number; vat: number; total: number };
  /** Paid before the invoice (deposits), each confirmed by its own VAT receipt. */
  paidBefore: { receiptNumber: string; receivedOn: string; amount: number; vat: number }[];
  /** This invoice: the balance and the VAT it carries; `total` is the amount due. */
  net: number;
  vat: number;
  total: number;
  /**
   * A trade customer's invoice: `vat` is then 0 and `total` the net; this is the VAT they account
   * for on it (the job's, less what the deposit receipts declared). Absent for a homeowner.
   */
  reverseCharge?: ReverseChargeNote;
  bank: BankDetails | null;
  /** "Pay by bank transfer within 7 days… using INV-000123 as the reference". */
  paymentTerms: string;
}

/** The VAT receipt that confirms one payment. */
export interface ReceiptDocument {
  number: string;
  receivedOn: string;
  method: "bank" | "card";
  proposalNumber: string;
  /** The invoice the payment went to, or null for a deposit. */
  invoiceNumber: string | null;
  business: DocumentBusiness;
  customer: { name: string };
  /** The payment, with the VAT it holds (the accepted quote's share) and what it leaves. */
  amount: number;
  vat: number;
  /** What went towards the job, less its VAT. */
  net: number;
  /** The part above what was owed (a card payment's): no VAT in it, refunded to the customer. 0: none. */
  refundDue: number;
  /** VAT by rate within this payment, for the receipt's VAT lines. */
  vatBands: VatBand[];
  /** A trade customer's payment: no VAT in it; the VAT they account for on it. Absent otherwise. */
  reverseCharge?: ReverseChargeNote;
  jobTotal: number;
  paidSoFar: number;
  balance: number;
}

/** The guarantee certificate issued when the work is completed. */
export interface CertificateDocument {
  number: string;
  issuedOn: string;
  business: DocumentBusiness;
  customer: { name: string };
  property: PostalAddress;
  /** The work guaranteed: the accepted lines' descriptions. */
  work: string[];
  /** The term's kind of work from content (e.g. "New roofs") and its length. */
  termWork: string;
  years: number;
  completedOn: string;
  validUntil: string;
  conditions: string;
  proposalNumber: string;
  invoiceNumber: string | null;
  /** Where anyone can check it: the site's /guarantee page. */
  checkUrl: string;
}

/**
 * The credit note a void issues (docs/payments.md, "Voids and credit notes"): it cancels one VAT
 * receipt whole, giving back its amount and the VAT by rate as the receipt split it.
 */
/**
 * The receipt's payment as it was (its day, method, quote, invoice, business, customer), and what is
 * given back: its amount, VAT, net and VAT by rate (positive pence; the note shows them negative).
 */
export interface CreditNoteDocument extends Pick<
  ReceiptDocument,
  | "receivedOn"
  | "method"
  | "proposalNumber"
  | "invoiceNumber"
  | "business"
  | "customer"
  | "amount"
  | "vat"
  | "net"
  | "vatBands"
> {
  number: string;
  /** The date of issue: the day the payment was voided. */
  issuedOn: string;
  /** The receipt cancelled. */
  receiptNumber: string;
  /** Why the payment was voided, as the person who voided it wrote it. */
  reason: string;
}
