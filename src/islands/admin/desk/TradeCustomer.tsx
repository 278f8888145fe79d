import { useId, useState, type SubmitEvent } from "react";
import { normaliseVatNumber, VAT_NUMBER_MESSAGE } from "../../../lib/proposals/reverse-charge";
import SaveField from "./SaveField";

interface Props {
  /** The lead's VAT number when it is a trade customer, else null. */
  tradeCustomer: { vatNumber: string } | null;
  /** A quote was sent: the status is fixed on it and only shown. */
  fixed: boolean;
  saving: boolean;
  /** Saves the VAT number, or null for a homeowner; resolves true when the server took it. */
  onSave: (tradeCustomer: { vatNumber: string } | null) => Promise<boolean>;
}

/**
 * Whether the lead is a VAT- and CIS-registered contractor, whose documents follow the construction
 * domestic reverse charge (docs/payments.md): set with their VAT number before a quote is sent,
 * shown after.
 */
export default function TradeCustomer({ tradeCustomer, fixed, saving, onSave }: Props) {
  const id = useId();
  const [checked, setChecked] = useState(tradeCustomer !== null);
  const [text, setText] = useState(tradeCustomer?.vatNumber ?? "");
  const [error, setError] = useState<string | null>(null);

  if (fixed)
    return (
      <p className="mt-6 text-sm text-slate-800">
        {tradeCustomer
          ? `Trade customer (reverse charge), VAT number ${tradeCustomer.vatNumber}: fixed on the quote sent.`
          : "Homeowner: VAT charged as usual, as on the quote sent."}
      </p>
    );

  const toggle = async (next: boolean) => {
    setChecked(next);
    setError(null);
    if (!next && tradeCustomer && !(await onSave(null))) setChecked(true);
  };
  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const vatNumber = normaliseVatNumber(text);
    if (!vatNumber) {
      setError(VAT_NUMBER_MESSAGE);
      return;
    }
    setError(null);
    if (await onSave({ vatNumber })) setText(vatNumber);
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="mt-6 rounded-lg bg-slate-50 p-4">
      <label className="flex min-h-11 items-center gap-3 font-semibold text-slate-900">
        <input
          type="checkbox"
          checked={checked}
          disabled={saving}
          onChange={(event) => void toggle(event.target.checked)}
          className="size-5"
        />
        Trade customer (reverse charge)
      </label>
      {checked && (
        <>
          <SaveField
            id={`${id}-vat`}
            describedBy={id}
            label="Their VAT number"
            labelClassName="mt-2 block text-sm font-semibold text-slate-800"
            width="w-48"
            value={text}
            onChange={setText}
            saving={saving}
            error={error}
            hint="A VAT- and CIS-registered contractor: their quote, receipts and invoice charge no VAT and show the VAT for them to account for. Fixed when the quote is sent."
            action="Save VAT Number"
          />
        </>
      )}
    </form>
  );
}
