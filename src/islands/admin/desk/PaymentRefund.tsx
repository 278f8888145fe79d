import type { SubmitEvent } from "react";
import { formatPounds } from "../../../lib/proposals/money";
import { formatUkDate } from "../../../lib/proposals/uk-time";
import type { AdminRefund } from "../../../lib/payments/payments-api";
import { buttonSecondary } from "../../button";
import FieldError from "./FieldError";
import { fieldAria, type FieldErrors } from "./field-errors";
import { INPUT_CLASS, LABEL_CLASS } from "./payments-view";

interface Props {
  /** The panel's `useId`. */
  id: string;
  refund: AdminRefund | null;
  busy: boolean;
  errors: FieldErrors;
  /** The amount field's text: what was paid until the owner changes it. */
  refundText: string;
  onRefundAmount: (text: string) => void;
  refundNote: string;
  onRefundNote: (text: string) => void;
  onConfirm: (event: SubmitEvent<HTMLFormElement>) => void;
}

const day = (iso: string) => formatUkDate(Date.parse(iso));

/** After a cancellation: the refund to confirm (amount, a note), or the refund confirmed. */
export default function PaymentRefund({
  id,
  refund,
  busy,
  errors,
  refundText,
  onRefundAmount,
  refundNote,
  onRefundNote,
  onConfirm,
}: Props) {
  if (!refund) return null;
  if (refund.confirmedAt)
    return (
      <p className="mt-3 rounded-lg border border-slate-200 bg-slate-50 p-3 text-slate-900">
        Refund of {formatPounds(refund.amount ?? 0)} confirmed on {day(refund.confirmedAt)} (
        {refund.reason === "overpaid"
          ? "paid above what was owed"
          : `${formatPounds(refund.paid)} had been paid`}
        ){refund.note ? `: ${refund.note}` : ""}.
      </p>
    );
  return (
    <form
      onSubmit={onConfirm}
      noValidate
      className="mt-3 rounded-lg border-2 border-accent-600 bg-accent-50 p-3 sm:p-4"
    >
      <fieldset disabled={busy} className="space-y-3">
        <legend className="font-bold text-slate-900">Refund to confirm</legend>
        <p className="text-slate-900">
          {refund.cancelledAt ? (
            <>
              The customer cancelled on {day(refund.cancelledAt)} and had paid{" "}
              <strong>{formatPounds(refund.paid)}</strong>.{" "}
            </>
          ) : (
            <>
              A card payment on {day(refund.dueAt)} was <strong>{formatPounds(refund.paid)}</strong> more than
              was owed.{" "}
            </>
          )}
          {refund.reason === "overpaid"
            ? `Refund ${formatPounds(refund.paid)} to the customer's card, then confirm it here.`
            : refund.startEarly
              ? "They had asked you to start early, so you may keep a fair amount for the work already done. Enter what you refunded and why."
              : `Refund all ${formatPounds(refund.paid)} within 14 days of the cancellation, then confirm it here.`}
        </p>
        <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
          <div>
            <label htmlFor={`${id}-refund-amount`} className={LABEL_CLASS}>
              Amount refunded (£)
            </label>
            <input
              id={`${id}-refund-amount`}
              inputMode="decimal"
              value={refundText}
              onChange={(event) => onRefundAmount(event.target.value)}
              className={INPUT_CLASS}
              {...fieldAria(errors, id, "refund.amount")}
            />
            <FieldError errors={errors} id={id} name="refund.amount" />
          </div>
          <div>
            <label htmlFor={`${id}-refund-note`} className={LABEL_CLASS}>
              Note (optional)
            </label>
            <input
              id={`${id}-refund-note`}
              value={refundNote}
              maxLength={500}
              placeholder={refund.startEarly ? "e.g. Scaffold up for two days" : undefined}
              onChange={(event) => onRefundNote(event.target.value)}
              className={INPUT_CLASS}
            />
          </div>
        </div>
        <button type="submit" className={buttonSecondary}>
          Confirm refund
        </button>
      </fieldset>
    </form>
  );
}
