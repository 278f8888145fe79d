import { useId, useState, type SubmitEvent } from "react";
import { QUOTED_AMOUNT_MESSAGE, isQuotedAmount, isQuotedStatus } from "../../../lib/price-guide/calibration";
import { formatPounds } from "../../../lib/price-guide/format";
import { formatQuoteDate } from "../../../lib/admin/dates";
import { buttonOutline } from "../../button";

interface Props {
  status: string;
  quotedAmount: number | null | undefined;
  quotedAt: string | null | undefined;
  saving: boolean;
  /** Saves the amount; resolves true when the server took it. */
  onSave: (amount: number) => Promise<boolean>;
}

/** Whole pounds from what the owner typed ("£4,250", "4250"); NaN when it is not one. */
function poundsOf(text: string): number {
  const digits = text.replace(/[£,\s]/g, "");
  return /^\d+$/.test(digits) ? Number(digits) : Number.NaN;
}

/**
 * The amount the owner quoted, once a lead is quoted: the lead desk compares it with the price
 * guide's range to show when a band needs changing.
 */
export default function QuotedAmount({ status, quotedAmount, quotedAt, saving, onSave }: Props) {
  const id = useId();
  const [text, setText] = useState(quotedAmount ? String(quotedAmount) : "");
  const [error, setError] = useState<string | null>(null);

  if (!isQuotedStatus(status)) {
    return (
      <p className="text-sm text-slate-700">Set the status to Quote sent to record the amount you quoted.</p>
    );
  }

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const amount = poundsOf(text);
    if (!isQuotedAmount(amount)) {
      setError(QUOTED_AMOUNT_MESSAGE);
      return;
    }
    setError(null);
    await onSave(amount);
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={`${id}-amount`} className="block text-sm font-semibold text-slate-800">
        Amount quoted (£, VAT included)
      </label>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <input
          id={`${id}-amount`}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={text}
          disabled={saving}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          className="min-h-11 w-40 rounded-lg border border-slate-400 bg-white px-3 text-slate-900 aria-invalid:border-red-700"
        />
        <button type="submit" disabled={saving} className={buttonOutline}>
          Save Amount
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700">
          {quotedAmount && quotedAt
            ? `Recorded ${formatPounds(quotedAmount)} on ${formatQuoteDate(quotedAt)}.`
            : "Compared with the price guide in the desk's price guide check."}
        </p>
      )}
    </form>
  );
}
