/**
 * The quote request (SPEC.md §3, rules and messages of SPEC.md §5), shared by the QuoteForm island
 * and POST /api/contact so both give the same messages. Browser-safe: no Node APIs, astro:* or React.
 *
 * Each field reports one message, the first rule it breaks, in SPEC.md's order.
 */
import { z } from "zod";
import {
  MAX_ATTACHMENTS,
  MESSAGE_MIN_LENGTH,
  NAME_MIN_LENGTH,
  PHONE_MAX_DIGITS,
  PHONE_MIN_DIGITS,
  PHONE_MIN_LENGTH,
} from "./constants";
import { isRecognisedEmailDomain } from "./email-domains";
import { SERVICE_OPTION_VALUES } from "./service-options";

/** Upper bounds SPEC.md leaves open; they keep stored records and requests small. */
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
  attachments: "Maximum 5 files allowed",
} as const;

/** SPEC.md §5: an optional leading plus, then 10-15 digits, spaces, hyphens or parentheses. */
export const PHONE_PATTERN = /^\+?[\d\s\-()]{10,15}$/;

const emailFormat = z.email();

const text = (min: number, minMessage: string, max: number, maxMessage: string) =>
  z.string(minMessage).trim().min(min, minMessage).max(max, maxMessage);

const email = z
  .string(QUOTE_MESSAGES.email)
  .trim()
  .superRefine((value, ctx) => {
    if (value.length > EMAIL_MAX_LENGTH || !emailFormat.safeParse(value).success) {
      ctx.addIssue({ code: "custom", message: QUOTE_MESSAGES.email });
    } else if (!isRecognisedEmailDomain(value.slice(value.lastIndexOf("@") + 1))) {
      ctx.addIssue({ code: "custom", message: QUOTE_MESSAGES.emailDomain });
    }
  });

const phone = z
  .string(QUOTE_MESSAGES.phoneLength)
  .trim()
  .superRefine((value, ctx) => {
    const digits = value.replace(/\D/g, "").length;
    if (value.length < PHONE_MIN_LENGTH) {
      ctx.addIssue({ code: "custom", message: QUOTE_MESSAGES.phoneLength });
    } else if (value.length > PHONE_MAX_LENGTH || !PHONE_PATTERN.test(value)) {
      ctx.addIssue({ code: "custom", message: QUOTE_MESSAGES.phoneFormat });
    } else if (digits < PHONE_MIN_DIGITS || digits > PHONE_MAX_DIGITS) {
      ctx.addIssue({ code: "custom", message: QUOTE_MESSAGES.phoneDigits });
    }
  });

/** The six text fields of a quote request. */
export const QuoteFieldsSchema = z.object({
  firstName: text(NAME_MIN_LENGTH, QUOTE_MESSAGES.firstName, NAME_MAX_LENGTH, QUOTE_MESSAGES.firstNameMax),
  lastName: text(NAME_MIN_LENGTH, QUOTE_MESSAGES.lastName, NAME_MAX_LENGTH, QUOTE_MESSAGES.lastNameMax),
  email,
  phone,
  serviceRequired: z.enum(SERVICE_OPTION_VALUES, QUOTE_MESSAGES.serviceRequired),
  message: text(MESSAGE_MIN_LENGTH, QUOTE_MESSAGES.message, MESSAGE_MAX_LENGTH, QUOTE_MESSAGES.messageMax),
});

/**
 * A whole quote request. `attachments` holds whatever stands for a file where the schema runs:
 * `File` objects in the browser, stored-upload references on the server.
 */
export const QuoteRequestSchema = QuoteFieldsSchema.extend({
  attachments: z.array(z.unknown()).max(MAX_ATTACHMENTS, QUOTE_MESSAGES.attachments).default([]),
});

export type QuoteFields = z.infer<typeof QuoteFieldsSchema>;
export type QuoteFieldName = keyof QuoteFields;
export const QUOTE_FIELD_NAMES = Object.keys(QuoteFieldsSchema.shape) as QuoteFieldName[];

export type QuoteFieldErrors = Partial<Record<QuoteFieldName | "attachments", string[]>>;

/** Validates a quote; on failure gives every failing field with its messages. */
export function validateQuote(
  input: unknown,
):
  | { success: true; data: z.infer<typeof QuoteRequestSchema> }
  | { success: false; fieldErrors: QuoteFieldErrors } {
  const result = QuoteRequestSchema.safeParse(input);
  if (result.success) return { success: true, data: result.data };
  const fieldErrors: QuoteFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as QuoteFieldName | "attachments" | undefined;
    if (!field) continue;
    (fieldErrors[field] ??= []).push(issue.message);
  }
  return { success: false, fieldErrors };
}
