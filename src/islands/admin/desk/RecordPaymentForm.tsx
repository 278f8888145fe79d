import type { SubmitEvent } from "react";
import { formatPounds } from "../../../lib/proposals/money";
import type { PaymentsView } from "../../../lib/payments/payments-api";
import { buttonOutline } from "../../button";
import FieldError from "./FieldError";
import { fieldAria, type FieldErrors } from "./field-errors";
import { INPUT_CLASS, LABEL_CLASS } from "./payments-view";

interface Props {
  /** The panel's `useId`. */
  id: string;
  view: PaymentsView;
  busy: boolean;
  errors: FieldErrors;
  amount: string;
  onAmount: (text: string) => void;
  /** The UK day today, the latest a payment can have arrived. */
  today: string;
  receivedOn: string;
  onReceivedOn: (day: string) => void;
  onRecord: (event: SubmitEvent<HTMLFormElement>) => void;
}

/** "Record a bank payment": the amount and the day it arrived; the customer is e-mailed a receipt. */
export default function RecordPaymentForm({
  id,
  view,
  busy,
  errors,
  amount,
  onAmount,
  today,
  receivedOn,
  onReceivedOn,
  onRecord,
}: Props) {
  return (
    <form
      onSubmit={onRecord}
      noValidate
      className="mt-3 rounded-lg bg-slate-50 p-3 sm:p-4"
      data-record-payment
    >
      <fieldset disabled={busy} className="space-y-3">
        <legend className="font-bold text-slate-900">Record a bank payment</legend>
        <p className="text-sm text-slate-700">
          {view.dueNow > 0
            ? `Due now ${formatPounds(view.dueNow)} · still to pay on the job ${formatPounds(view.balance)}.`
            : `Still to pay on the job ${formatPounds(view.balance)}.`}{" "}
          The customer is e-mailed a receipt.
        </p>
        <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 sm:grid-cols-[12rem_12rem]">
          <div>
            <label htmlFor={`${id}-amount`} className={LABEL_CLASS}>
              Amount (£)
            </label>
            <input
              id={`${id}-amount`}
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={(event) => onAmount(event.target.value)}
              className={INPUT_CLASS}
              {...fieldAria(errors, id, "payment.amount")}
            />
            <FieldError errors={errors} id={id} name="payment.amount" />
          </div>
          <div>
            <label htmlFor={`${id}-received`} className={LABEL_CLASS}>
              Day it arrived
            </label>
            <input
              id={`${id}-received`}
              type="date"
              value={receivedOn}
              max={today}
              onChange={(event) => onReceivedOn(event.target.value)}
              className={INPUT_CLASS}
              {...fieldAria(errors, id, "payment.receivedOn")}
            />
            <FieldError errors={errors} id={id} name="payment.receivedOn" />
          </div>
        </div>
        <button type="submit" className={buttonOutline}>
          Record payment
        </button>
      </fieldset>
    </form>
  );
}
