import { useId, useState, type SubmitEvent } from "react";
import { QUOTED_AMOUNT_MESSAGE, isQuotedAmount, isQuotedStatus } from "../../../lib/price-guide/calibration";
import { formatPounds } from "../../../lib/price-guide/format";
import { formatQuoteDate } from "../../../lib/admin/dates";
import SaveField from "./SaveField";

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
      <SaveField
        id={`${id}-amount`}
        describedBy={id}
        label="Amount quoted (£, VAT included)"
        labelClassName="block text-sm font-semibold text-slate-800"
        width="w-40"
        inputMode="numeric"
        value={text}
        onChange={setText}
        saving={saving}
        error={error}
        hint={
          quotedAmount && quotedAt
            ? `Recorded ${formatPounds(quotedAmount)} on ${formatQuoteDate(quotedAt)}.`
            : "Compared with the price guide in the desk's price guide check."
        }
        action="Save Amount"
      />
    </form>
  );
}
