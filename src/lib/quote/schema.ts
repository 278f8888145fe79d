/**
 * The quote request (docs/spec.md, Content and records) as a zod schema for POST /api/contact, built from the shared rules of
 * rules.ts: the server and the QuoteForm island give the same messages by construction.
 * Browser-safe, but only the server imports it (zod stays out of the /contact page bundle).
 */
import * as z from "zod/mini";
import "../zod-locale.ts";
import {
  attachmentsRule,
  normaliseField,
  QUOTE_MESSAGES,
  QUOTE_RULES,
  type QuoteFieldErrors,
  type QuoteFieldName,
} from "./rules.ts";
import { SERVICE_OPTION_VALUES } from "../service-options.ts";

const field = (name: QuoteFieldName) =>
  z.string(QUOTE_MESSAGES[name === "phone" ? "phoneLength" : name]).check(
    z.overwrite((value: string) => normaliseField(name, value)),
    z.superRefine((value: string, ctx) => {
      const message = QUOTE_RULES[name](value);
      if (message) ctx.addIssue({ code: "custom", message });
    }),
  );

export const QuoteFieldsSchema = z.object({
  firstName: field("firstName"),
  lastName: field("lastName"),
  email: field("email"),
  phone: field("phone"),
  serviceRequired: z.enum(SERVICE_OPTION_VALUES, QUOTE_MESSAGES.serviceRequired),
  message: field("message"),
});

/**
 * A whole quote request. `attachments` holds whatever stands for a file where the schema runs
 * (stored-upload references on the server).
 */
export const QuoteRequestSchema = z.extend(QuoteFieldsSchema, {
  attachments: z._default(
    z.array(z.unknown()).check(
      z.superRefine((items: unknown[], ctx) => {
        const message = attachmentsRule(items.length);
        if (message) ctx.addIssue({ code: "custom", message });
      }),
    ),
    [],
  ),
});

export type QuoteRequest = z.infer<typeof QuoteRequestSchema>;

/** Validates a quote; on failure gives every failing field with its message. */
export function validateQuote(
  input: unknown,
): { success: true; data: QuoteRequest } | { success: false; fieldErrors: QuoteFieldErrors } {
  const result = QuoteRequestSchema.safeParse(input);
  if (result.success) return { success: true, data: result.data };
  const fieldErrors: QuoteFieldErrors = {};
  for (const issue of result.error.issues) {
    const name = issue.path[0] as QuoteFieldName | "attachments" | undefined;
    if (name) (fieldErrors[name] ??= []).push(issue.message);
  }
  return { success: false, fieldErrors };
}
