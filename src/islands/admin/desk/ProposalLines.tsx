import { formatPounds, VAT_RATES, type VatRate } from "../../../lib/proposals/money";
import { buttonNeutral } from "../../button";
import FieldError from "./FieldError";
import { fieldAria, type FieldErrors } from "./field-errors";
import { lineAmount, type LineDraft } from "./proposal-draft";
import Field from "./Field";

interface Props {
  /** The panel's `useId`: the fields' ids are made from it and each line's key. */
  id: string;
  lines: LineDraft[];
  fieldErrors: FieldErrors;
  /** The class of every text field and select of the draft. */
  input: string;
  onChangeLine: (key: number, patch: Partial<LineDraft>) => void;
  onRemove: (key: number) => void;
}

/**
 * The draft's lines, each with its description, quantity, unit price, VAT rate, "Optional",
 * "Guaranteed" and its total as typed.
 */
export default function ProposalLines({ id, lines, fieldErrors, input, onChangeLine, onRemove }: Props) {
  return (
    <ol className="space-y-3" aria-label="Lines">
      {lines.map((line, index) => {
        const key = (name: string) => `lines.${index}.${name}`;
        const amount = lineAmount(line);
        return (
          <li key={line.key} className="rounded-lg border border-slate-300 bg-white p-3">
            <p className="text-sm font-semibold text-slate-700">Line {index + 1}</p>
            <label
              htmlFor={`${id}-d-${line.key}`}
              className="mt-1 block text-sm font-semibold text-slate-800"
            >
              Description
            </label>
            <input
              id={`${id}-d-${line.key}`}
              value={line.description}
              maxLength={500}
              {...fieldAria(fieldErrors, id, key("description"))}
              onChange={(event) => onChangeLine(line.key, { description: event.target.value })}
              className={input}
            />
            <FieldError errors={fieldErrors} id={id} name={key("description")} />
            <div className="mt-2 grid grid-cols-2 items-end gap-3 sm:grid-cols-[6rem_9rem_7rem_1fr]">
              <Field id={`${id}-q-${line.key}`} label="Quantity">
                <input
                  id={`${id}-q-${line.key}`}
                  inputMode="decimal"
                  value={line.quantity}
                  {...fieldAria(fieldErrors, id, key("quantity"))}
                  onChange={(event) => onChangeLine(line.key, { quantity: event.target.value })}
                  className={input}
                />
                <FieldError errors={fieldErrors} id={id} name={key("quantity")} />
              </Field>
              <Field id={`${id}-p-${line.key}`} label="Unit price (£, no VAT)">
                <input
                  id={`${id}-p-${line.key}`}
                  inputMode="decimal"
                  value={line.price}
                  {...fieldAria(fieldErrors, id, key("unitPrice"))}
                  onChange={(event) => onChangeLine(line.key, { price: event.target.value })}
                  className={input}
                />
                <FieldError errors={fieldErrors} id={id} name={key("unitPrice")} />
              </Field>
              <Field id={`${id}-v-${line.key}`} label="VAT rate">
                <select
                  id={`${id}-v-${line.key}`}
                  value={line.vatRate}
                  onChange={(event) =>
                    onChangeLine(line.key, { vatRate: Number(event.target.value) as VatRate })
                  }
                  className={input}
                >
                  {VAT_RATES.map((rate) => (
                    <option key={rate} value={rate}>
                      {rate}%
                    </option>
                  ))}
                </select>
              </Field>
              <div className="flex flex-wrap items-end gap-x-4">
                <label className="flex min-h-11 items-center gap-2 text-slate-900">
                  <input
                    type="checkbox"
                    checked={line.optional}
                    onChange={(event) => onChangeLine(line.key, { optional: event.target.checked })}
                    className="size-5 accent-brand-800"
                  />
                  Optional
                </label>
                <label className="flex min-h-11 items-center gap-2 text-slate-900">
                  <input
                    type="checkbox"
                    checked={line.guaranteed}
                    onChange={(event) => onChangeLine(line.key, { guaranteed: event.target.checked })}
                    className="size-5 accent-brand-800"
                  />
                  Guaranteed
                </label>
              </div>
            </div>
            <p className="mt-1 text-sm text-slate-700" data-line-amount>
              {amount === null ? "Line total (no VAT): –" : `Line total (no VAT): ${formatPounds(amount)}`}
            </p>
            {lines.length > 1 && (
              <button type="button" onClick={() => onRemove(line.key)} className={`${buttonNeutral} mt-2`}>
                Remove line {index + 1}
              </button>
            )}
          </li>
        );
      })}
    </ol>
  );
}
