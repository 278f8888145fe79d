/**
 * The rules and exact messages of a quote request (docs/spec.md, Validation), as plain functions with no
 * dependencies. The QuoteForm island checks with these directly; the server's zod schema
 * (schema.ts) is built from the same functions, so both always give the same messages.
 * Plain functions keep zod out of the /contact page's JavaScript budget (docs/quality.md, The bars).
 *
 * Browser-safe: no Node APIs, astro:* or React. Each field reports one message: the first rule it
 * breaks, in the specified order.
 */
import {
  MAX_ATTACHMENT_MB,
  MAX_ATTACHMENTS,
  MESSAGE_MIN_LENGTH,
  NAME_MIN_LENGTH,
  PHONE_MAX_DIGITS,
  PHONE_MIN_DIGITS,
  PHONE_MIN_LENGTH,
} from "../constants.ts";
import type { AddressFieldName } from "./address.ts";
import { isRecognisedEmailDomain } from "./email-domains.ts";
import { SERVICE_OPTION_VALUES } from "../service-options.ts";

/** Upper bounds the specification leaves open; they keep stored records and requests small. */
export const NAME_MAX_LENGTH = 50;
export const EMAIL_MAX_LENGTH = 254;
export const PHONE_MAX_LENGTH = 30;
export const MESSAGE_MAX_LENGTH = 5000;

export const QUOTE_MESSAGES = {
  firstName: "First name must be at least 2 characters",
  firstNameMax: `First name must be at most ${NAME_MAX_LENGTH} characters`,
  lastName: "Last name must be at least 2 characters",
  lastNameMax: `Last name must be at most ${NAME_MAX_LENGTH} characters`,
  email: "Please enter a valid email address",
  emailDomain: "Please enter a valid email address with a recognized domain",
  phoneLength: "Phone number must be at least 10 digits",
  phoneFormat: "Please enter a valid phone number",
  phoneDigits: "Phone number must contain 10-15 digits",
  serviceRequired: "Please select a service",
  message: "Message must be at least 10 characters",
  messageMax: `Message must be at most ${MESSAGE_MAX_LENGTH} characters`,
  attachments: `Maximum ${MAX_ATTACHMENTS} files allowed`,
  tooManyFiles: `Please select up to ${MAX_ATTACHMENTS} files only`,
  fileTooLarge: `Please ensure all files are under ${MAX_ATTACHMENT_MB}MB`,
} as const;

/** An optional leading plus, then 10-15 digits, spaces, hyphens or parentheses. */
export const PHONE_PATTERN = /^\+?[\d\s\-()]{10,15}$/;
/**
 * One @, a dotted domain after it, and before it only letters, digits and `. _ + - '` (no leading,
 * trailing or doubled dot). Nothing that means something in a `mailto:` link (`? & # % , ;`) or a
 * mail header, so an address shown as a link in Contact Admin or the owner's e-mail opens a reply to
 * that address and nothing else (`morag?cc=…@gmail.com` is refused).
 */
export const EMAIL_PATTERN =
  /^[\p{L}\p{N}_+'-]+(?:\.[\p{L}\p{N}_+'-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/u;

export const QUOTE_FIELD_NAMES = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "serviceRequired",
  "message",
] as const;
export type QuoteFieldName = (typeof QUOTE_FIELD_NAMES)[number];
/** A quote's text fields: what the form edits, the store keeps and the admin reads. */
export type QuoteFields = Record<QuoteFieldName, string>;
/** The server's and the form's messages by field: the text fields, the address's parts (address.ts), the files. */
export type QuoteFieldErrors = Partial<Record<QuoteFieldName | AddressFieldName | "attachments", string[]>>;

/**
 * Unicode format characters (general category Cf): bidi overrides and isolates, zero-width spaces
 * and joiners, the BOM, soft hyphens. Invisible, yet they reorder or hide the text around them, so
 * a name never keeps them (the owner's e-mail subjects and bodies, the lead desk, the CSV).
 */
const FORMAT_CHARACTERS = /\p{Cf}/gu;

/** Text without format characters (see above). */
export const withoutFormatCharacters = (value: string) => value.replace(FORMAT_CHARACTERS, "");

/** A field's text as it is checked and stored: trimmed, and for the names without format characters. */
export function normaliseField(name: QuoteFieldName, value: string): string {
  return (name === "firstName" || name === "lastName" ? withoutFormatCharacters(value) : value).trim();
}

type Rule = (value: string) => string | undefined;

const length =
  (min: number, minMessage: string, max: number, maxMessage: string): Rule =>
  (value) =>
    value.length < min ? minMessage : value.length > max ? maxMessage : undefined;

/** Each rule gets the value as normaliseField leaves it. */
export const QUOTE_RULES: Record<QuoteFieldName, Rule> = {
  firstName: length(NAME_MIN_LENGTH, QUOTE_MESSAGES.firstName, NAME_MAX_LENGTH, QUOTE_MESSAGES.firstNameMax),
  lastName: length(NAME_MIN_LENGTH, QUOTE_MESSAGES.lastName, NAME_MAX_LENGTH, QUOTE_MESSAGES.lastNameMax),
  email: (value) => {
    if (value.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(value)) return QUOTE_MESSAGES.email;
    if (!isRecognisedEmailDomain(value.slice(value.lastIndexOf("@") + 1))) return QUOTE_MESSAGES.emailDomain;
    return undefined;
  },
  phone: (value) => {
    const digits = value.replace(/\D/g, "").length;
    if (value.length < PHONE_MIN_LENGTH) return QUOTE_MESSAGES.phoneLength;
    if (value.length > PHONE_MAX_LENGTH || !PHONE_PATTERN.test(value)) return QUOTE_MESSAGES.phoneFormat;
    if (digits < PHONE_MIN_DIGITS || digits > PHONE_MAX_DIGITS) return QUOTE_MESSAGES.phoneDigits;
    return undefined;
  },
  serviceRequired: (value) =>
    (SERVICE_OPTION_VALUES as readonly string[]).includes(value) ? undefined : QUOTE_MESSAGES.serviceRequired,
  message: length(MESSAGE_MIN_LENGTH, QUOTE_MESSAGES.message, MESSAGE_MAX_LENGTH, QUOTE_MESSAGES.messageMax),
};

export const attachmentsRule = (count: number) =>
  count > MAX_ATTACHMENTS ? QUOTE_MESSAGES.attachments : undefined;

/** The form's check: every failing field with its message (empty when the quote is valid). */
export function checkQuote(
  values: Partial<Record<QuoteFieldName, string>>,
  attachmentCount = 0,
): QuoteFieldErrors {
  const errors: QuoteFieldErrors = {};
  for (const name of QUOTE_FIELD_NAMES) {
    const message = QUOTE_RULES[name](normaliseField(name, values[name] ?? ""));
    if (message) errors[name] = [message];
  }
  const attachments = attachmentsRule(attachmentCount);
  if (attachments) errors.attachments = [attachments];
  return errors;
}
