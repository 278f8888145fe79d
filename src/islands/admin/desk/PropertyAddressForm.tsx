import { useEffect, useId, useRef, useState, type SubmitEvent } from "react";
import type { PropertyAddress } from "../../../lib/leads-api";
import { buttonNeutral, buttonSecondary } from "../../button";

interface Props {
  /** Why it is asked: the server's words. */
  message: string;
  saving: boolean;
  onSubmit: (address: PropertyAddress) => void;
  onCancel: () => void;
}

const FIELDS = [
  ["line1", "First line of the address", "Enter the first line of the address"],
  ["town", "Town", "Enter the town"],
  ["postcode", "Postcode", "Enter the postcode"],
] as const;

/**
 * Asked when completing a lead whose accepted quote has no property address (no visit, none given
 * at acceptance): the address goes on the invoice and the guarantee certificate, and the lead is
 * completed again with it (docs/payments.md, "The property's address").
 */
export default function PropertyAddressForm({ message, saving, onSubmit, onCancel }: Props) {
  const id = useId();
  const [address, setAddress] = useState<PropertyAddress>({ line1: "", town: "", postcode: "" });
  const [missing, setMissing] = useState<ReadonlySet<string>>(new Set());
  const first = useRef<HTMLInputElement>(null);

  useEffect(() => first.current?.focus(), []);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = {
      line1: address.line1.trim(),
      town: address.town.trim(),
      postcode: address.postcode.trim(),
    };
    const empty = new Set(FIELDS.filter(([key]) => !trimmed[key]).map(([key]) => key));
    setMissing(empty);
    if (empty.size === 0) onSubmit(trimmed);
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-legend`}
      data-property-address
      className="mt-3 rounded-lg border-2 border-accent-600 bg-accent-50 p-3 sm:p-4"
    >
      <fieldset disabled={saving} className="space-y-3">
        <legend id={`${id}-legend`} className="font-bold text-slate-900">
          The property&apos;s address
        </legend>
        <p role="alert" className="text-slate-900">
          {message}
        </p>
        <div className="grid gap-3 sm:grid-cols-[1fr_12rem_9rem]">
          {FIELDS.map(([key, label, error]) => (
            <div key={key}>
              <label htmlFor={`${id}-${key}`} className="block text-sm font-semibold text-slate-800">
                {label}
              </label>
              <input
                id={`${id}-${key}`}
                ref={key === "line1" ? first : undefined}
                value={address[key]}
                autoComplete="off"
                maxLength={key === "line1" ? 100 : key === "town" ? 60 : 10}
                aria-invalid={missing.has(key) ? true : undefined}
                aria-describedby={missing.has(key) ? `${id}-${key}-error` : undefined}
                onChange={(event) => setAddress((current) => ({ ...current, [key]: event.target.value }))}
                className="mt-1 block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 text-slate-900 aria-[invalid=true]:border-red-700"
              />
              {missing.has(key) && (
                <p id={`${id}-${key}-error`} className="mt-1 text-sm font-semibold text-red-800">
                  {error}
                </p>
              )}
            </div>
          ))}
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={buttonSecondary}>
            Complete the job
          </button>
          <button type="button" onClick={onCancel} className={buttonNeutral}>
            Not now
          </button>
        </div>
      </fieldset>
    </form>
  );
}
