import { errorIdOf, errorOf, type FieldErrors } from "./field-errors";

interface Props {
  errors: FieldErrors;
  /** The form's `useId`. */
  id: string;
  /** The field's path in `errors`. */
  name: string;
}

/** The server's words under a field, named by the field's `aria-describedby` (fieldAria). */
export default function FieldError({ errors, id, name }: Props) {
  const text = errorOf(errors, name);
  return (
    text && (
      <p id={errorIdOf(id, name)} className="mt-1 text-sm font-semibold text-red-800">
        {text}
      </p>
    )
  );
}
