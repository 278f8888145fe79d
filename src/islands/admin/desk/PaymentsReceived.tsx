import { formatPounds } from "../../../lib/proposals/money";
import { formatIsoDay } from "../../../lib/proposals/uk-time";
import { documentUrl, type PaymentsView } from "../../../lib/payments/payments-api";

const METHOD_TEXT = { bank: "bank transfer", card: "card" } as const;

/** "Received": each payment, its day, way, amount and VAT, what it paid, and its receipt's PDF. */
export default function PaymentsReceived({ view }: { view: PaymentsView }) {
  return (
    <>
      <h4 className="mt-4 font-bold text-slate-900">Received</h4>
      {view.payments.length === 0 ? (
        <p className="text-slate-700">No payments yet.</p>
      ) : (
        <ul className="mt-1 divide-y divide-slate-200 rounded-lg border border-slate-200">
          {view.payments.map((payment) => (
            <li key={payment.id} className="p-3">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <p className="font-semibold text-slate-900">
                  {formatIsoDay(payment.receivedOn)} · {METHOD_TEXT[payment.method]}
                </p>
                <p className="font-semibold text-slate-900 tabular-nums">{formatPounds(payment.amount)}</p>
              </div>
              <p className="text-sm text-slate-700">
                VAT in it {formatPounds(payment.vat)}
                {payment.invoiceNumber ? ` · paid invoice ${payment.invoiceNumber}` : " · deposit"}
              </p>
              <a href={documentUrl(payment.receiptNumber)} download className="text-brand-700 underline">
                Receipt {payment.receiptNumber} (PDF)
              </a>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
