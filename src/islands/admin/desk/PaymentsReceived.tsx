import { formatPounds } from "../../../lib/proposals/money";
import { formatIsoDay } from "../../../lib/proposals/uk-time";
import { documentUrl, type AdminPayment, type PaymentsView } from "../../../lib/payments/payments-api";
import type { FieldErrors } from "./field-errors";
import PaymentVoid from "./PaymentVoid";

const METHOD_TEXT = { bank: "bank transfer", card: "card" } as const;

/** A deposit the invoice took off as paid on account: voiding it would leave the invoice wrong (the server refuses). */
const countedByInvoice = (view: PaymentsView, payment: AdminPayment) =>
  payment.invoiceNumber === null && view.requested.some((item) => item.kind === "invoice");

interface Props {
  view: PaymentsView;
  /** The panel's `useId`. */
  id: string;
  busy: boolean;
  errors: FieldErrors;
  onVoid: (receiptNumber: string, reason: string) => Promise<void>;
}

/**
 * "Received": each payment, its day, way, amount and VAT, what it paid, and its receipt's PDF; a
 * voided one struck through with its credit note; "Void…" on a bank payment of an accepted quote
 * that no invoice counted as paid on account.
 */
export default function PaymentsReceived({ view, id, busy, errors, onVoid }: Props) {
  return (
    <>
      <h4 className="mt-4 font-bold text-slate-900">Received</h4>
      {view.payments.length === 0 ? (
        <p className="text-slate-700">No payments yet.</p>
      ) : (
        <ul className="mt-1 divide-y divide-slate-200 rounded-lg border border-slate-200">
          {view.payments.map((payment) => (
            <li key={payment.id} className="p-3" data-voided={payment.voided ? "" : undefined}>
              <div
                className={`flex flex-wrap items-baseline justify-between gap-x-3 ${payment.voided ? "text-slate-600 line-through" : "text-slate-900"}`}
              >
                <p className="font-semibold">
                  {formatIsoDay(payment.receivedOn)} · {METHOD_TEXT[payment.method]}
                </p>
                <p className="font-semibold tabular-nums">{formatPounds(payment.amount)}</p>
              </div>
              <p className="text-sm text-slate-700">
                VAT in it {formatPounds(payment.vat)}
                {payment.invoiceNumber ? ` · paid invoice ${payment.invoiceNumber}` : " · deposit"}
              </p>
              <a href={documentUrl(payment.receiptNumber)} download className="text-brand-700 underline">
                Receipt {payment.receiptNumber} (PDF)
              </a>
              {payment.voided ? (
                <p className="mt-1 text-sm text-slate-900">
                  Voided on {formatIsoDay(payment.voided.voidedOn)} by {payment.voided.by}:{" "}
                  {payment.voided.reason} ·{" "}
                  <a
                    href={documentUrl(payment.voided.creditNote)}
                    download
                    className="text-brand-700 underline"
                  >
                    Credit note {payment.voided.creditNote} (PDF)
                  </a>
                </p>
              ) : (
                view.status === "accepted" &&
                payment.method === "bank" &&
                !countedByInvoice(view, payment) && (
                  <PaymentVoid id={id} payment={payment} busy={busy} errors={errors} onVoid={onVoid} />
                )
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
