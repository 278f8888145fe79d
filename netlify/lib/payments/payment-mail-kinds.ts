/** The kinds of the payments' mail jobs (their templates are registered in mail/mail-kinds.ts). */
export const PAYMENT_MAIL = {
  /** To the customer: the VAT receipt of one payment (subject: the payment). */
  receipt: "payment-receipt",
  /** To the customer: the VAT invoice and the guarantee certificate (subject: the proposal). */
  invoice: "invoice-issued",
  /** To the customer: 1 and 7 days after the invoice fell due, while unpaid (subject: the proposal). */
  invoiceReminder: "invoice-reminder",
  /** To the customer: the credit note cancelling a voided payment's receipt (subject: the payment). */
  creditNote: "credit-note",
} as const;
