import { SERVICE_OPTIONS } from "../../lib/service-options";
import type { QuoteFieldSpec } from "./quote-fields";

interface Props {
  field: QuoteFieldSpec;
  /** The form's `useId`, so two forms on one page would not share ids. */
  idPrefix: string;
  value: string;
  /** The message the field shows, if any. */
  error?: string | false;
  disabled: boolean;
  onChange: (value: string) => void;
}

export const inputClass =
  "mt-1 block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 disabled:bg-slate-100 aria-invalid:border-red-700";

/** One required field of the quote form: label with its asterisk, control, and its message as an alert. */
export default function QuoteField({ field, idPrefix, value, error, disabled, onChange }: Props) {
  const id = `${idPrefix}-${field.name}`;
  const errorId = `${id}-error`;
  const common = {
    id,
    name: field.name,
    value,
    disabled,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    "aria-required": true,
  };

  return (
    <div>
      <label htmlFor={id} className="block font-medium text-slate-900">
        {field.label}{" "}
        <span aria-hidden="true" className="text-red-700">
          *
        </span>
      </label>
      {field.control === "select" ? (
        <select {...common} onChange={(e) => onChange(e.target.value)} className={inputClass}>
          <option value="">Select a service</option>
          {SERVICE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : field.control === "textarea" ? (
        <textarea
          {...common}
          rows={5}
          placeholder={field.placeholder}
          onChange={(e) => onChange(e.target.value)}
          className={`${inputClass} min-h-32`}
        />
      ) : (
        <input
          {...common}
          type={field.type}
          autoComplete={field.autoComplete}
          inputMode={field.inputMode}
          onChange={(e) => onChange(e.target.value)}
          className={inputClass}
        />
      )}
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
