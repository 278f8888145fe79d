/**
 * The shapes of a written quote (docs/proposals.md) as the desk builds it and the customer answers
 * it, with the messages both the browser and the server give. Browser-safe: no Node APIs.
 */
import * as z from "zod/mini";
import "../zod-locale.ts";
import { lineNet, totalsOf, VAT_RATES } from "./money.ts";
import { MAX_DECLINE_REASON } from "./quote-document.ts";

export const MAX_PROPOSAL_LINES = 50;
export const MAX_DEPOSIT_PERCENT = 25;
/** A quote stays open this many days after it is sent. */
export const PROPOSAL_VALID_DAYS = 30;
/** Reminders: this many days after sending, and this many days before it expires. */
export const REMINDER_AFTER_DAYS = 7;
export const REMINDER_BEFORE_EXPIRY_DAYS = 3;
/** The largest total with VAT a quote may reach (the lead's quoted amount is at most £500,000). */
export const MAX_PROPOSAL_TOTAL = 500_000_00;

export const DEPOSIT_MESSAGE = "The deposit can be at most 25% of the price";
export const NAME_MESSAGE = "Type your full name to accept";
export const AGREE_MESSAGE = "Please confirm you have read the quote and its terms";
export const POSTCODE_MESSAGE = "Please enter a valid UK postcode";
export const TOTAL_MESSAGE = "The total can be at most £500,000";

export const ProposalLineSchema = z.strictObject({
  description: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, "Describe the work on this line"),
      z.maxLength(500, "A line's description can be at most 500 characters"),
    ),
  quantity: z.number("Enter a quantity").check(
    z.positive("The quantity must be more than 0"),
    z.maximum(10_000, "The quantity can be at most 10,000"),
    z.refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, "At most two decimals"),
  ),
  unitPrice: z
    .number("Enter a price")
    .check(
      z.int("The price is in whole pence"),
      z.minimum(0, "The price cannot be negative"),
      z.maximum(100_000_000, "The price can be at most £1,000,000"),
    ),
  vatRate: z.union(
    VAT_RATES.map((rate) => z.literal(rate)),
    { error: "The VAT rate is 20, 5 or 0" },
  ),
  optional: z.optional(z.boolean()),
  /** Off for what the guarantee does not cover (scaffold, skip hire): kept off the certificate. */
  guaranteed: z.optional(z.boolean()),
});
export type ProposalLine = z.infer<typeof ProposalLineSchema>;

export const ProposalBodySchema = z
  .strictObject({
    lines: z
      .array(ProposalLineSchema)
      .check(
        z.minLength(1, "Add at least one line"),
        z.maxLength(MAX_PROPOSAL_LINES, `At most ${MAX_PROPOSAL_LINES} lines`),
      ),
    depositPercent: z
      .number(DEPOSIT_MESSAGE)
      .check(
        z.int("The deposit is a whole percentage"),
        z.minimum(0, "The deposit cannot be negative"),
        z.maximum(MAX_DEPOSIT_PERCENT, DEPOSIT_MESSAGE),
      ),
    notes: z.optional(z.string().check(z.trim(), z.maxLength(2000, "Notes can be at most 2,000 characters"))),
    startWindow: z.optional(
      z.string().check(z.trim(), z.maxLength(200, "The start window can be at most 200 characters")),
    ),
  })
  .check(
    z.superRefine((body, ctx) => {
      // Every line chosen counts towards the largest total the customer can reach.
      const all = body.lines.map((_, index) => index);
      if (
        totalsOf(body.lines, all).total > MAX_PROPOSAL_TOTAL ||
        body.lines.some((l) => lineNet(l) > MAX_PROPOSAL_TOTAL)
      )
        ctx.addIssue({ code: "custom", path: ["lines"], message: TOTAL_MESSAGE });
    }),
  );
export type ProposalBody = z.infer<typeof ProposalBodySchema>;

/** A UK postcode, as the customer may type it (spaces and case free). */
export const UK_POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}$/i;

export const AcceptBodySchema = z.strictObject({
  name: z
    .string(NAME_MESSAGE)
    .check(z.trim(), z.minLength(2, NAME_MESSAGE), z.maxLength(200, "A name can be at most 200 characters")),
  agree: z.literal(true, AGREE_MESSAGE),
  startEarly: z.boolean("Say whether work may start within the 14 days"),
  options: z.optional(
    z
      .array(z.number().check(z.int(), z.minimum(0), z.maximum(MAX_PROPOSAL_LINES - 1)))
      .check(z.maxLength(MAX_PROPOSAL_LINES)),
  ),
  propertyAddress: z.optional(
    z.strictObject({
      line1: z.string().check(z.trim(), z.minLength(1, "Enter the property's address"), z.maxLength(200)),
      town: z.string().check(z.trim(), z.minLength(1, "Enter the town"), z.maxLength(100)),
      postcode: z.string().check(z.trim(), z.regex(UK_POSTCODE, POSTCODE_MESSAGE)),
    }),
  ),
});
export type AcceptBody = z.infer<typeof AcceptBodySchema>;

export const DeclineBodySchema = z.strictObject({
  reason: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(MAX_DECLINE_REASON, `The reason can be at most ${MAX_DECLINE_REASON} characters`),
      ),
  ),
});

export const CancelBodySchema = z.strictObject({
  name: z
    .string(NAME_MESSAGE)
    .check(z.trim(), z.minLength(2, "Type your full name to cancel"), z.maxLength(200)),
});
