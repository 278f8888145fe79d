import type { AddressFieldName } from "../../lib/quote/address";
import { inputClass } from "./QuoteField";

interface Props {
  /** The form's `useId`. */
  idPrefix: string;
  disabled: boolean;
  error: (name: AddressFieldName) => string | undefined;
  onType: (name: AddressFieldName) => void;
}

const PARTS: { name: AddressFieldName; label: string; autoComplete: string }[] = [
  { name: "addressLine1", label: "Address", autoComplete: "address-line1" },
  { name: "town", label: "Town", autoComplete: "address-level2" },
  { name: "postcode", label: "Postcode", autoComplete: "postal-code" },
];

/**
 * The property's address on the quote form, optional: given once here, the visit page and the quote
 * page start from it (docs/pages.md, "The address once"). The fields are the browser's own until the
 * send reads them, so typing costs the form nothing.
 */
export default function AddressFields({ idPrefix, disabled, error, onType }: Props) {
  const field = (part: (typeof PARTS)[number]) => {
    const id = `${idPrefix}-${part.name}`;
    const message = error(part.name);
    return (
      <div key={part.name}>
        <label htmlFor={id} className="block font-medium text-slate-900">
          {part.label}
        </label>
        <input
          id={id}
          name={part.name}
          type="text"
          autoComplete={part.autoComplete}
          disabled={disabled}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          onInput={() => onType(part.name)}
          className={inputClass}
        />
        {message && (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
            {message}
          </p>
        )}
      </div>
    );
  };
  return (
    <fieldset className="space-y-4 rounded-lg border border-slate-300 p-4">
      <legend className="px-1 font-medium text-slate-900">
        The property's address <span className="font-normal text-slate-600">(optional)</span>: where the work
        is, so we need not ask again
      </legend>
      {PARTS.map(field)}
    </fieldset>
  );
}
