/** What every invoice of the unit tests shares: its number, dates and quote; no business, bank or terms are read. */
import type { InvoiceDocument } from "../../src/lib/payments/payment-documents.ts";

export const INVOICE_FIXTURE = {
  number: "INV-000042",
  issuedOn: "2026-11-27",
  taxPoint: "2026-11-27",
  dueOn: "2026-12-04",
  proposalNumber: "GR-1234-1",
  business: {} as InvoiceDocument["business"],
  bank: null,
  paymentTerms: "",
} satisfies Partial<InvoiceDocument>;
