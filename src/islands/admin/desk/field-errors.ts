/**
 * The server's words about a form's fields (`fieldErrors`, docs/http-contract.md), keyed by the
 * field's path ("lines.0.description", "payment.amount"), and how a field points at them.
 */
export type FieldErrors = Record<string, string[] | undefined>;

/** The words about one field, or undefined when it has none. */
export const errorOf = (errors: FieldErrors, key: string) => errors[key]?.join(" ");

/** The id of the paragraph under a field that shows its words (FieldError). */
export const errorIdOf = (id: string, key: string) => `${id}-${key}-error`;

/** A field's `aria-invalid` and `aria-describedby`, set only while it has words. */
export const fieldAria = (errors: FieldErrors, id: string, key: string) => ({
  "aria-invalid": errorOf(errors, key) ? true : undefined,
  "aria-describedby": errorOf(errors, key) ? errorIdOf(id, key) : undefined,
});
