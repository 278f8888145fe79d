import { useId, useState } from "react";
import { moneyCsvUrl } from "../../../lib/payments/payments-api";
import { buttonOutline } from "../../button";
import Field from "./Field";

const dateInput =
  "mt-1 block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 text-slate-900";

/**
 * The accountant's files in the desk's money panel (docs/payments.md, "For the accountant"): every
 * invoice and payment with its VAT (CSV), and the invoices in Xero's import layout, for a range of
 * days or all of them.
 */
export default function AccountantFiles() {
  const id = useId();
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  return (
    <div className="mt-4 rounded-lg bg-slate-50 p-3">
      <h3 className="font-bold text-slate-900">For the accountant</h3>
      <p className="text-sm text-slate-700">
        Every invoice and payment with its VAT, the invoices ready to import into Xero, or the payments and
        refunds to tick off against the bank statement. Leave the days empty for all of them.
      </p>
      <div className="mt-2 grid grid-cols-2 gap-3 sm:max-w-md">
        <Field id={`${id}-from`} label="From">
          <input
            id={`${id}-from`}
            type="date"
            value={from}
            max={to || undefined}
            onChange={(event) => setFrom(event.target.value)}
            className={dateInput}
          />
        </Field>
        <Field id={`${id}-to`} label="To">
          <input
            id={`${id}-to`}
            type="date"
            value={to}
            min={from || undefined}
            onChange={(event) => setTo(event.target.value)}
            className={dateInput}
          />
        </Field>
      </div>
      <div className="mt-3 flex flex-wrap gap-3">
        <a href={moneyCsvUrl(from, to)} download className={buttonOutline}>
          Download invoices and payments (CSV)
        </a>
        <a href={moneyCsvUrl(from, to, "xero")} download className={buttonOutline}>
          Download invoices for Xero (CSV)
        </a>
        <a href={moneyCsvUrl(from, to, "payments")} download className={buttonOutline}>
          Download payments for the bank statement (CSV)
        </a>
      </div>
    </div>
  );
}
