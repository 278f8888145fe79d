/**
 * The quote form's text fields, in the order the form shows them: label, control and the browser
 * hints of each. The rules and messages are in src/lib/quote/rules.ts; this is only how each field
 * looks. Every field is required.
 */
import type { QuoteFieldName } from "../../lib/quote/rules";

export interface QuoteFieldSpec {
  name: QuoteFieldName;
  label: string;
  /** `select` offers the services; `textarea` is the message box. */
  control: "input" | "select" | "textarea";
  type?: "email" | "tel";
  autoComplete?: string;
  inputMode?: "email";
  placeholder?: string;
  /** Half a row from the `sm` breakpoint up, beside its neighbour. */
  half?: boolean;
}

export const QUOTE_FORM_FIELDS: readonly QuoteFieldSpec[] = [
  { name: "firstName", label: "First Name", control: "input", autoComplete: "given-name", half: true },
  { name: "lastName", label: "Last Name", control: "input", autoComplete: "family-name", half: true },
  {
    name: "email",
    label: "Email Address",
    control: "input",
    type: "email",
    autoComplete: "email",
    inputMode: "email",
    half: true,
  },
  { name: "phone", label: "Phone Number", control: "input", type: "tel", autoComplete: "tel", half: true },
  { name: "serviceRequired", label: "Service Required", control: "select" },
  {
    name: "message",
    label: "Message",
    control: "textarea",
    placeholder: "Tell us about your roof: what needs doing, where the property is and how soon.",
  },
];

/** The form's fields by name, in its order (the same as the rules', which a unit test checks). */
export const QUOTE_FORM_FIELD_NAMES = QUOTE_FORM_FIELDS.map((field) => field.name);
