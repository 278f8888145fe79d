/**
 * What the lead's Payments panel (PaymentsPanel) works out from the server's answers, apart from
 * how it shows it.
 */
import type { LeadInvoice, PaymentsView } from "../../../lib/payments/payments-api";
import type { FieldErrors } from "./field-errors";

/** The panel's two forms; a field error's key starts with its form's name ("payment.amount"). */
export type PaymentForm = "payment" | "refund" | "void";

/** The figures at the top: a cancelled quote owes nothing more, so what was paid is a refund. */
export const figuresOf = (view: PaymentsView) =>
  [
    ["Quote total", view.total],
    ["Paid", view.paid],
    ...(view.status === "accepted"
      ? ([
          ["Balance", view.balance],
          ["Due now", view.dueNow],
        ] as const)
      : []),
  ] as const;

/** The lead's invoices that the payments' own list of what was asked for does not show. */
export const invoicesNotListed = (invoices: LeadInvoice[], view: PaymentsView | null) =>
  invoices.filter(
    (invoice) => !view?.requested.some((item) => item.kind === "invoice" && item.number === invoice.number),
  );

/** The server's field errors of one form, under the form's name. */
export const formErrors = (form: PaymentForm, fieldErrors: Record<string, string[]>): FieldErrors =>
  Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [`${form}.${k}`, v]));

/** The look of both forms' fields and labels. */
export const INPUT_CLASS =
  "mt-1 block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 text-slate-900 aria-[invalid=true]:border-red-700";
export const LABEL_CLASS = "block text-sm font-semibold text-slate-800";
