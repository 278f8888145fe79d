import { formatPounds } from "../../../lib/proposals/money";
import { formatIsoDay } from "../../../lib/proposals/uk-time";
import {
  documentUrl,
  type LeadGuarantee,
  type LeadInvoice,
  type PaymentsView,
} from "../../../lib/payments/payments-api";
import { invoicesNotListed } from "./payments-view";

interface Props {
  view: PaymentsView | null;
  invoices: LeadInvoice[];
  guarantee: LeadGuarantee | null;
}

/** "Asked for": the deposit and the invoices, when each was asked for, due and paid, with the PDFs. */
export default function PaymentDocuments({ view, invoices, guarantee }: Props) {
  const paidOn = new Map(invoices.map((invoice) => [invoice.number, invoice.paidOn]));
  const invoiceRows = invoicesNotListed(invoices, view);
  if (!(view?.requested.length || invoiceRows.length > 0 || guarantee)) return null;
  return (
    <>
      <h4 className="mt-4 font-bold text-slate-900">Asked for</h4>
      <ul className="mt-1 divide-y divide-slate-200 rounded-lg border border-slate-200">
        {view?.requested.map((item) => (
          <li key={`${item.kind}-${item.number}`} className="p-3">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <p className="font-semibold text-slate-900">
                {item.kind === "deposit" ? `Deposit on quote ${item.number}` : `Invoice ${item.number}`}
              </p>
              <p className="font-semibold text-slate-900 tabular-nums">{formatPounds(item.amount)}</p>
            </div>
            <p className="text-sm text-slate-700">
              {item.kind === "deposit" ? "Asked for" : "Issued"} {formatIsoDay(item.requestedOn)}
              {item.dueOn && ` · due by ${formatIsoDay(item.dueOn)}`}
              {paidOn.get(item.number) && ` · paid on ${formatIsoDay(paidOn.get(item.number)!)}`}
            </p>
            {item.kind === "invoice" && (
              <a href={documentUrl(item.number)} download className="text-brand-700 underline">
                Invoice {item.number} (PDF)
              </a>
            )}
          </li>
        ))}
        {invoiceRows.map((invoice) => (
          <li key={invoice.number} className="p-3">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <p className="font-semibold text-slate-900">Invoice {invoice.number}</p>
              <p className="font-semibold text-slate-900 tabular-nums">{formatPounds(invoice.total)}</p>
            </div>
            <p className="text-sm text-slate-700">
              Issued {formatIsoDay(invoice.issuedOn)} · due by {formatIsoDay(invoice.dueOn)}
              {invoice.paidOn && ` · paid on ${formatIsoDay(invoice.paidOn)}`}
            </p>
            <a href={documentUrl(invoice.number)} download className="text-brand-700 underline">
              Invoice {invoice.number} (PDF)
            </a>
          </li>
        ))}
        {guarantee && (
          <li className="p-3">
            <p className="font-semibold text-slate-900">Guarantee {guarantee.number}</p>
            <p className="text-sm text-slate-700">Valid until {formatIsoDay(guarantee.validUntil)}</p>
            <a href={documentUrl(guarantee.number)} download className="text-brand-700 underline">
              Guarantee {guarantee.number} (PDF)
            </a>
          </li>
        )}
      </ul>
    </>
  );
}
