/**
 * What the lead desk's endpoints accept, as zod schemas read by the bounded readers
 * (netlify/lib/http/request-body.ts): the list's and the export's query, the chart's grouping and
 * the body of a lead change. Values that cannot be meant get a 400 with the message given here.
 */
import { QUOTED_AMOUNT_MESSAGE, isQuotedAmount } from "../../../src/lib/price-guide/calibration.ts";
import * as z from "zod/mini";
import "../../../src/lib/zod-locale.ts";
import {
  LEAD_NOTE_MAX_LENGTH,
  LEAD_SEARCH_MAX_LENGTH,
  LEAD_STATUSES,
  LEADS_MAX_PAGE_SIZE,
  LEADS_PAGE_SIZE,
  type LeadFilters,
  type LeadStatus,
} from "../../../src/lib/lead-model.ts";
import { HttpError } from "../http/http-error.ts";
import {
  GUARANTEE_YEARS_MESSAGE,
  MAX_GUARANTEE_YEARS,
  MIN_GUARANTEE_YEARS,
} from "../../../src/lib/payments/payment-rules.ts";
import { normaliseVatNumber, VAT_NUMBER_MESSAGE } from "../../../src/lib/proposals/reverse-charge.ts";

/** A page position: the (date, id) of the last lead of the page before. */
export interface Cursor {
  createdAt: string;
  id: string;
}

export interface ListQuery extends LeadFilters {
  limit: number;
  cursor?: Cursor;
}

export function encodeCursor(lead: Cursor): string {
  return Buffer.from(JSON.stringify([lead.createdAt, lead.id])).toString("base64url");
}

function decodeCursor(value: string): Cursor | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (Array.isArray(parsed) && parsed.length === 2 && parsed.every((part) => typeof part === "string")) {
      return { createdAt: parsed[0] as string, id: parsed[1] as string };
    }
  } catch {
    // Falls through to the 400.
  }
  return null;
}

/** An empty value means "no filter", as the screen sends it. */
const emptyToUndefined = (value: string | undefined) => (value ? value : undefined);
const noEmptyStatus = <T extends string>(value: T | "" | undefined): T | undefined =>
  value === "" ? undefined : value;

const filterShape = {
  status: z.pipe(
    z.optional(
      z.union([z.literal(""), z.enum(LEAD_STATUSES, { error: "Unknown status" })], {
        error: "Unknown status",
      }),
    ),
    z.transform(noEmptyStatus<LeadStatus>),
  ),
  service: z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(50, "Unknown service"))),
    z.transform(emptyToUndefined),
  ),
  q: z.pipe(
    z.optional(
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(LEAD_SEARCH_MAX_LENGTH, `Search is limited to ${LEAD_SEARCH_MAX_LENGTH} characters`),
        ),
    ),
    z.transform(emptyToUndefined),
  ),
};

/** The filters of the list, the export and the screen's URL: `status`, `service`, `q`. */
export const LeadFilterQuery = z.pipe(
  z.object(filterShape),
  z.transform((query): LeadFilters => {
    const filters: LeadFilters = {};
    if (query.status) filters.status = query.status;
    if (query.service) filters.service = query.service;
    if (query.q) filters.q = query.q;
    return filters;
  }),
);

const LIMIT_MESSAGE = "limit must be a whole number from 1";

/** The list's query: the filters, `limit` (default 50, at most 200) and `cursor`. */
export const LeadListQuery = z.pipe(
  z.object({
    ...filterShape,
    limit: z.optional(
      z
        .pipe(z.string().check(z.regex(/^\d{1,6}$/, LIMIT_MESSAGE)), z.transform(Number))
        .check(z.refine((limit) => limit >= 1, LIMIT_MESSAGE)),
    ),
    cursor: z.pipe(
      z.optional(z.string()),
      z.transform((value, context) => {
        if (!value) return undefined;
        const cursor = decodeCursor(value);
        if (!cursor) context.issues.push({ code: "custom", message: "Invalid cursor", input: value });
        return cursor ?? undefined;
      }),
    ),
  }),
  z.transform((query): ListQuery => {
    const list: ListQuery = { limit: Math.min(query.limit ?? LEADS_PAGE_SIZE, LEADS_MAX_PAGE_SIZE) };
    if (query.status) list.status = query.status;
    if (query.service) list.service = query.service;
    if (query.q) list.q = query.q;
    if (query.cursor) list.cursor = query.cursor;
    return list;
  }),
);

/** The chart's grouping: `by=service` (the default) or `by=source`. */
export const LeadStatsQuery = z.object({
  by: z._default(z.enum(["service", "source"], { error: "by must be service or source" }), "service"),
});

/** The body of PATCH /api/admin/contact-submissions/{id}: `{ status?, note? }`, at least one. */
export const LeadChangeBody = z.pipe(
  z
    .strictObject({
      status: z.optional(z.enum(LEAD_STATUSES)),
      note: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(LEAD_NOTE_MAX_LENGTH))),
      /** What the owner quoted, whole pounds with VAT (price guide calibration). */
      quotedAmount: z.optional(z.custom<number>(isQuotedAmount)),
      /**
       * With `status: "completed"`: the property's address for the guarantee certificate, when no
       * visit or acceptance recorded it (docs/payments.md, "Completion").
       */
      propertyAddress: z.optional(
        z.strictObject({
          line1: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
          town: z.string().check(z.trim(), z.minLength(1), z.maxLength(60)),
          postcode: z.string().check(z.trim(), z.minLength(5), z.maxLength(10)),
        }),
      ),
      /**
       * With `status: "completed"`: the guarantee's length in years when the owner changes it in
       * Job done (docs/payments.md, "The guarantee register"); else the term the quote stated.
       */
      guaranteeYears: z.optional(
        z
          .int(GUARANTEE_YEARS_MESSAGE)
          .check(
            z.minimum(MIN_GUARANTEE_YEARS, GUARANTEE_YEARS_MESSAGE),
            z.maximum(MAX_GUARANTEE_YEARS, GUARANTEE_YEARS_MESSAGE),
          ),
      ),
      /**
       * A VAT- and CIS-registered contractor under the domestic reverse charge, with their UK VAT
       * number (normalised to "GB123456789"); null: a homeowner again (docs/payments.md).
       */
      tradeCustomer: z.optional(
        z.nullable(
          z.strictObject({
            vatNumber: z.pipe(
              z.string().check(
                z.maxLength(40),
                z.refine((text) => normaliseVatNumber(text) !== null),
              ),
              z.transform((text) => normaliseVatNumber(text)!),
            ),
          }),
        ),
      ),
    })
    .check(
      z.refine((change) => change.propertyAddress === undefined || change.status === "completed", {
        message: "propertyAddress goes with status completed",
      }),
      z.refine((change) => change.guaranteeYears === undefined || change.status === "completed", {
        message: "guaranteeYears goes with status completed",
      }),
      z.refine(
        (change) =>
          change.status !== undefined ||
          change.note !== undefined ||
          change.quotedAmount !== undefined ||
          change.tradeCustomer !== undefined,
        { message: "Nothing to change: send status, note or quotedAmount" },
      ),
    ),
  z.transform(({ quotedAmount, ...rest }) => ({
    ...rest,
    ...(quotedAmount === undefined ? {} : { quotedAmount }),
  })),
);

export type LeadChange = z.output<typeof LeadChangeBody>;

/** The 400 for a body LeadChangeBody refuses, with the message of its first problem. */
export function leadChangeRefusal(error: z.core.$ZodError): HttpError {
  const issue = error.issues[0];
  if (issue?.code === "unrecognized_keys")
    return new HttpError(400, `Unexpected field: ${issue.keys.join(", ")}`);
  if (issue?.path[0] === "status") {
    return new HttpError(400, "Unknown status", {
      status: [`Status must be one of ${LEAD_STATUSES.join(", ")}`],
    });
  }
  if (issue?.path[0] === "quotedAmount")
    return new HttpError(400, "Invalid amount", { quotedAmount: [QUOTED_AMOUNT_MESSAGE] });
  if (issue?.path[0] === "propertyAddress")
    return new HttpError(400, "Invalid address", {
      propertyAddress: ["Enter the property's first line, town and postcode"],
    });
  if (issue?.path[0] === "guaranteeYears")
    return new HttpError(400, GUARANTEE_YEARS_MESSAGE, { guaranteeYears: [GUARANTEE_YEARS_MESSAGE] });
  if (issue?.path[0] === "tradeCustomer")
    return new HttpError(400, "Invalid VAT number", { tradeCustomer: [VAT_NUMBER_MESSAGE] });
  if (issue?.path[0] === "note") {
    return new HttpError(400, "Invalid note", {
      note: [`A note must be 1 to ${LEAD_NOTE_MAX_LENGTH} characters`],
    });
  }
  if (issue?.path.length === 0 && issue.code === "custom") return new HttpError(400, issue.message);
  return new HttpError(400, "Request body must be a JSON object");
}
