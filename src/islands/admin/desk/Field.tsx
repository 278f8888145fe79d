import type { ReactNode } from "react";

interface Props {
  /** The control's id, which the label names. */
  id: string;
  label: string;
  /** The control, and what goes under it (FieldError). */
  children: ReactNode;
}

/** One field of a desk form: its label, then the control it names. */
export default function Field({ id, label, children }: Props) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      {children}
    </div>
  );
}
