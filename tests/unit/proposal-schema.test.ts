/**
 * The messages of a written quote's bodies (src/lib/proposals/proposal-schema.ts) and of the
 * desk's money bodies (src/lib/payments/payment-schema.ts), whole: which messages, under which
 * fields, in which order, when one or several checks fail. The messages zod writes itself (no
 * message in the schema) are zod's English ones.
 */
import { describe, expect, it } from "vitest";
import type * as z from "zod/mini";
import { fieldErrorsOf } from "../../src/lib/field-errors";
import { PaymentBodySchema, RefundBodySchema } from "../../src/lib/payments/payment-schema";
import {
  AcceptBodySchema,
  AGREE_MESSAGE,
  CancelBodySchema,
  DeclineBodySchema,
  DEPOSIT_MESSAGE,
  NAME_MESSAGE,
  POSTCODE_MESSAGE,
  ProposalBodySchema,
  TOTAL_MESSAGE,
} from "../../src/lib/proposals/proposal-schema";

type Schema = z.ZodMiniType;

const refusal = (schema: Schema, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrorsOf(result.error);
};

const line = { description: "Slates", quantity: 1, unitPrice: 1000, vatRate: 20 };
const body = { lines: [line], depositPercent: 10 };
const withLine = (change: Record<string, unknown>) => ({ ...body, lines: [{ ...line, ...change }] });
const accept = { name: "Ann Smith", agree: true, startEarly: false };
const address = { line1: "1 High St", town: "Doune", postcode: "FK16 6AA" };

describe("ProposalBodySchema", () => {
  it.each<[string, unknown, Record<string, string[]>]>([
    ["a good quote", body, {}],
    [
      "no description",
      withLine({ description: " " }),
      { "lines.0.description": ["Describe the work on this line"] },
    ],
    [
      "a description too long",
      withLine({ description: "x".repeat(501) }),
      { "lines.0.description": ["A line's description can be at most 500 characters"] },
    ],
    ["no quantity", withLine({ quantity: undefined }), { "lines.0.quantity": ["Enter a quantity"] }],
    ["a quantity as text", withLine({ quantity: "1" }), { "lines.0.quantity": ["Enter a quantity"] }],
    [
      "a quantity of 0",
      withLine({ quantity: 0 }),
      { "lines.0.quantity": ["The quantity must be more than 0"] },
    ],
    [
      "a quantity too large",
      withLine({ quantity: 10_001 }),
      { "lines.0.quantity": ["The quantity can be at most 10,000"] },
    ],
    ["three decimals", withLine({ quantity: 1.234 }), { "lines.0.quantity": ["At most two decimals"] }],
    [
      "a negative quantity with three decimals",
      withLine({ quantity: -1.555 }),
      { "lines.0.quantity": ["The quantity must be more than 0", "At most two decimals"] },
    ],
    ["no price", withLine({ unitPrice: undefined }), { "lines.0.unitPrice": ["Enter a price"] }],
    [
      "a price in part pence",
      withLine({ unitPrice: 1.5 }),
      { "lines.0.unitPrice": ["The price is in whole pence"] },
    ],
    [
      "a negative price in part pence: the whole pence first, and only",
      withLine({ unitPrice: -1.5 }),
      { "lines.0.unitPrice": ["The price is in whole pence"] },
    ],
    [
      "a price too large, and so a total too large",
      withLine({ unitPrice: 100_000_001 }),
      { "lines.0.unitPrice": ["The price can be at most £1,000,000"], lines: [TOTAL_MESSAGE] },
    ],
    ["a VAT rate of 15", withLine({ vatRate: 15 }), { "lines.0.vatRate": ["The VAT rate is 20, 5 or 0"] }],
    [
      "optional as text",
      withLine({ optional: "yes" }),
      { "lines.0.optional": ["Invalid input: expected boolean, received string"] },
    ],
    [
      "a field a line does not have",
      withLine({ colour: "red" }),
      { "lines.0": ['Unrecognized key: "colour"'] },
    ],
    ["no lines", { ...body, lines: [] }, { lines: ["Add at least one line"] }],
    ["51 lines", { ...body, lines: Array(51).fill(line) }, { lines: ["At most 50 lines"] }],
    ["no deposit", { lines: [line] }, { depositPercent: [DEPOSIT_MESSAGE] }],
    ["a deposit of 26%", { ...body, depositPercent: 26 }, { depositPercent: [DEPOSIT_MESSAGE] }],
    [
      "a deposit in part percent",
      { ...body, depositPercent: 1.5 },
      { depositPercent: ["The deposit is a whole percentage"] },
    ],
    [
      "a negative deposit in part percent: the whole percentage first, and only",
      { ...body, depositPercent: -0.5 },
      { depositPercent: ["The deposit is a whole percentage"] },
    ],
    [
      "notes too long",
      { ...body, notes: "x".repeat(2001) },
      { notes: ["Notes can be at most 2,000 characters"] },
    ],
    [
      "a start window too long",
      { ...body, startWindow: "x".repeat(201) },
      { startWindow: ["The start window can be at most 200 characters"] },
    ],
    [
      "a total over £500,000",
      withLine({ quantity: 10_000, unitPrice: 100_000_000 }),
      { lines: [TOTAL_MESSAGE] },
    ],
    [
      "a total over £500,000 and a deposit over 25%: both",
      { lines: [{ ...line, quantity: 5000, unitPrice: 100_000_000, vatRate: 0 }], depositPercent: 30 },
      { depositPercent: [DEPOSIT_MESSAGE], lines: [TOTAL_MESSAGE] },
    ],
    [
      "everything wrong at once",
      { lines: [], depositPercent: 30, notes: "x".repeat(3000), extra: 1 },
      {
        lines: ["Add at least one line"],
        depositPercent: [DEPOSIT_MESSAGE],
        notes: ["Notes can be at most 2,000 characters"],
        body: ['Unrecognized key: "extra"'],
      },
    ],
  ])("%s", (_name, input, fieldErrors) => {
    expect(refusal(ProposalBodySchema, input)).toEqual(fieldErrors);
  });
});

describe("AcceptBodySchema", () => {
  it.each<[string, unknown, Record<string, string[]>]>([
    ["a good acceptance", { ...accept, options: [0, 1], propertyAddress: address }, {}],
    ["no name", { ...accept, name: undefined }, { name: [NAME_MESSAGE] }],
    ["one letter", { ...accept, name: " A " }, { name: [NAME_MESSAGE] }],
    [
      "a name too long",
      { ...accept, name: "x".repeat(201) },
      { name: ["A name can be at most 200 characters"] },
    ],
    ["not agreed", { ...accept, agree: false }, { agree: [AGREE_MESSAGE] }],
    [
      "no start answer",
      { ...accept, startEarly: undefined },
      { startEarly: ["Say whether work may start within the 14 days"] },
    ],
    [
      "options out of range",
      { ...accept, options: [-1, 50, 1.5] },
      {
        "options.0": ["Too small: expected number to be >=0"],
        "options.1": ["Too big: expected number to be <=49"],
        "options.2": ["Invalid input: expected int, received number"],
      },
    ],
    [
      "too many options",
      { ...accept, options: Array(51).fill(0) },
      { options: ["Too big: expected array to have <=50 items"] },
    ],
    [
      "an address without its first line or town",
      { ...accept, propertyAddress: { ...address, line1: "", town: " " } },
      {
        "propertyAddress.line1": ["Enter the property's address"],
        "propertyAddress.town": ["Enter the town"],
      },
    ],
    [
      "an address too long",
      { ...accept, propertyAddress: { ...address, line1: "x".repeat(201), town: "x".repeat(101) } },
      {
        "propertyAddress.line1": ["Too big: expected string to have <=200 characters"],
        "propertyAddress.town": ["Too big: expected string to have <=100 characters"],
      },
    ],
    [
      "a postcode that is not one",
      { ...accept, propertyAddress: { ...address, postcode: "nope" } },
      { "propertyAddress.postcode": [POSTCODE_MESSAGE] },
    ],
    [
      "everything wrong at once",
      { name: "", agree: false, startEarly: "x", options: [-1], propertyAddress: { line1: "" }, extra: 1 },
      {
        name: [NAME_MESSAGE],
        agree: [AGREE_MESSAGE],
        startEarly: ["Say whether work may start within the 14 days"],
        "options.0": ["Too small: expected number to be >=0"],
        "propertyAddress.line1": ["Enter the property's address"],
        "propertyAddress.town": ["Invalid input: expected string, received undefined"],
        "propertyAddress.postcode": ["Invalid input: expected string, received undefined"],
        body: ['Unrecognized key: "extra"'],
      },
    ],
  ])("%s", (_name, input, fieldErrors) => {
    expect(refusal(AcceptBodySchema, input)).toEqual(fieldErrors);
  });
});

describe("DeclineBodySchema and CancelBodySchema", () => {
  it.each<[string, Schema, unknown, Record<string, string[]>]>([
    ["a reason", DeclineBodySchema, { reason: " too dear " }, {}],
    [
      "a reason too long",
      DeclineBodySchema,
      { reason: "x".repeat(501) },
      { reason: ["The reason can be at most 500 characters"] },
    ],
    [
      "a reason that is not text",
      DeclineBodySchema,
      { reason: 5 },
      { reason: ["Invalid input: expected string, received number"] },
    ],
    ["a name", CancelBodySchema, { name: "Ann" }, {}],
    ["no name", CancelBodySchema, {}, { name: [NAME_MESSAGE] }],
    ["one letter", CancelBodySchema, { name: "A" }, { name: ["Type your full name to cancel"] }],
    [
      // The length check has no message of its own: the name's message stands in for it.
      "a name too long",
      CancelBodySchema,
      { name: "x".repeat(201) },
      { name: [NAME_MESSAGE] },
    ],
    [
      "a field it does not have",
      CancelBodySchema,
      { name: "Ann", why: 1 },
      { body: ['Unrecognized key: "why"'] },
    ],
  ])("%s", (_name, schema, input, fieldErrors) => {
    expect(refusal(schema, input)).toEqual(fieldErrors);
  });
});

describe("PaymentBodySchema and RefundBodySchema", () => {
  it.each<[string, Schema, unknown, Record<string, string[]>]>([
    ["a bank payment", PaymentBodySchema, { amount: 100, method: "bank", receivedOn: "2024-01-01" }, {}],
    [
      "a card payment in part pence, a day too long",
      PaymentBodySchema,
      { amount: 1.5, method: "card", receivedOn: "2024-01-011" },
      {
        amount: ["Invalid input: expected int, received number"],
        method: ['Invalid input: expected "bank"'],
        receivedOn: ["Too big: expected string to have <=10 characters"],
      },
    ],
    [
      "nothing",
      PaymentBodySchema,
      {},
      {
        amount: ["Invalid input: expected number, received undefined"],
        method: ['Invalid input: expected "bank"'],
        receivedOn: ["Invalid input: expected string, received undefined"],
      },
    ],
    ["a refund", RefundBodySchema, { amount: 100, note: " sorry " }, {}],
    [
      "a refund with a note too long and a field it does not have",
      RefundBodySchema,
      { amount: 100, note: "x".repeat(501), extra: 1 },
      { note: ["Too big: expected string to have <=500 characters"], body: ['Unrecognized key: "extra"'] },
    ],
  ])("%s", (_name, schema, input, fieldErrors) => {
    expect(refusal(schema, input)).toEqual(fieldErrors);
  });
});
