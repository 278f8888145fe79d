/**
 * The bodies the desk sends about money (docs/payments.md): a bank payment received, a refund
 * confirmed. Shared by the functions, which validate, and the desk, which builds them.
 * Browser-safe.
 */
import * as z from "zod/mini";
import "../zod-locale.ts";
import { VOID_REASON_MAX } from "./payment-rules.ts";

export const PaymentBodySchema = z.strictObject({
  /** Pence. */
  amount: z.int(),
  method: z.literal("bank"),
  /** YYYY-MM-DD, the UK day it arrived. */
  receivedOn: z.string().check(z.maxLength(10)),
});
export type PaymentBody = z.output<typeof PaymentBodySchema>;

export const RefundBodySchema = z.strictObject({
  /** Pence refunded. */
  amount: z.int(),
  note: z.optional(z.string().check(z.trim(), z.maxLength(500))),
});
export type RefundBody = z.output<typeof RefundBodySchema>;

/** Why a payment recorded by mistake is voided (required: the server refuses one left empty). */
export const VoidBodySchema = z.strictObject({
  reason: z.string().check(z.trim(), z.maxLength(VOID_REASON_MAX)),
});
export type VoidBody = z.output<typeof VoidBodySchema>;

/** A YYYY-MM-DD query parameter, or undefined. */
export const DAY_PARAM = /^\d{4}-\d{2}-\d{2}$/;
