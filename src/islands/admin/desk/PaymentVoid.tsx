import { useState } from "react";
import { formatPounds } from "../../../lib/proposals/money";
import type { AdminPayment } from "../../../lib/payments/payments-api";
import { PAYMENT_TEXTS, VOID_REASON_MAX } from "../../../lib/payments/payment-rules";
import { buttonDangerOutline, buttonNeutral } from "../../button";
import ConfirmDialog from "../ConfirmDialog";
import FieldError from "./FieldError";
import { fieldAria, type FieldErrors } from "./field-errors";
import { INPUT_CLASS, LABEL_CLASS } from "./payments-view";

interface Props {
  /** The panel's `useId`. */
  id: string;
  payment: AdminPayment;
  busy: boolean;
  errors: FieldErrors;
  /** Voids it with the reason given; resolves once the panel has read the payments again. */
  onVoid: (receiptNumber: string, reason: string) => Promise<void>;
}

/**
 * "Void" on a bank payment recorded by mistake: asks why, then asks once more before the payment is
 * voided and its credit note sent to the customer (docs/payments.md, "Voids and credit notes").
 */
export default function PaymentVoid({ id, payment, busy, errors, onVoid }: Props) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [confirming, setConfirming] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const field = `${id}-void-${payment.receiptNumber}`;
  const shown: FieldErrors = missing ? { "void.reason": [PAYMENT_TEXTS.voidReason] } : errors;

  if (!open)
    return (
      <div className="mt-2">
        <button type="button" onClick={() => setOpen(true)} className={buttonDangerOutline}>
          Void…
        </button>
      </div>
    );
  return (
    <form
      noValidate
      className="mt-2 space-y-2 rounded-lg border border-red-300 bg-red-50 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        const trimmed = reason.trim();
        setMissing(!trimmed);
        if (trimmed) setConfirming(trimmed);
      }}
    >
      <fieldset disabled={busy} className="space-y-2">
        <legend className="font-bold text-slate-900">Void receipt {payment.receiptNumber}</legend>
        <label htmlFor={field} className={LABEL_CLASS}>
          Why was it recorded by mistake?
        </label>
        <input
          id={field}
          value={reason}
          maxLength={VOID_REASON_MAX}
          placeholder="e.g. The same transfer recorded twice"
          onChange={(event) => setReason(event.target.value)}
          className={INPUT_CLASS}
          {...fieldAria(shown, id, "void.reason")}
        />
        <FieldError errors={shown} id={id} name="void.reason" />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={buttonDangerOutline}>
            Void payment
          </button>
          <button type="button" onClick={() => setOpen(false)} className={buttonNeutral}>
            Keep it
          </button>
        </div>
      </fieldset>
      <ConfirmDialog
        item={confirming}
        title={`Void receipt ${payment.receiptNumber}?`}
        confirmLabel="Void payment"
        describe={() =>
          `${formatPounds(payment.amount)} will no longer count as paid, and a credit note cancelling the receipt is e-mailed to the customer. This cannot be undone.`
        }
        onCancel={() => setConfirming(null)}
        onConfirm={(why) => {
          setConfirming(null);
          void onVoid(payment.receiptNumber, why).then(() => setReason(""));
        }}
      />
    </form>
  );
}
