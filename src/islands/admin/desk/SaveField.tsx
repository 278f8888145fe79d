import type { ReactNode } from "react";
import { buttonOutline } from "../../button";

interface Props {
  /** The input's id; the error's and the hint's ids add `-error` and `-hint` to `describedBy`. */
  id: string;
  describedBy: string;
  label: string;
  labelClassName: string;
  /** The input's width class: what the field holds sets it. */
  width: "w-40" | "w-48";
  inputMode?: "numeric";
  value: string;
  onChange: (value: string) => void;
  saving: boolean;
  error: string | null;
  hint: ReactNode;
  /** The Save button's words. */
  action: string;
}

/**
 * One value of a lead typed into a box and saved with its own button (inside the caller's form):
 * the error below it when the value was refused, announced, else the hint.
 */
export default function SaveField(props: Props) {
  const { id, describedBy, error } = props;
  return (
    <>
      <label htmlFor={id} className={props.labelClassName}>
        {props.label}
      </label>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <input
          id={id}
          type="text"
          inputMode={props.inputMode}
          autoComplete="off"
          value={props.value}
          disabled={props.saving}
          onChange={(event) => props.onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${describedBy}-error` : `${describedBy}-hint`}
          className={`min-h-11 ${props.width} rounded-lg border border-slate-400 bg-white px-3 text-slate-900 aria-invalid:border-red-700`}
        />
        <button type="submit" disabled={props.saving} className={buttonOutline}>
          {props.action}
        </button>
      </div>
      {error ? (
        <p id={`${describedBy}-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : (
        <p id={`${describedBy}-hint`} className="mt-1 text-sm text-slate-700">
          {props.hint}
        </p>
      )}
    </>
  );
}
