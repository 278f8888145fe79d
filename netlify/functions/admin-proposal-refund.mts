import type { Config, Context } from "@netlify/functions";
import { requireAdmin } from "../lib/admin/auth.ts";
import { json } from "../lib/http/responses.ts";
import { toErrorResponse } from "../lib/http/http-error.ts";
import { readJson } from "../lib/http/request-body.ts";
import { confirmRefund } from "../lib/payments/payments.ts";
import { RefundBodySchema } from "../../src/lib/payments/payment-schema.ts";

const METHODS = ["POST"];

/**
 * POST /api/admin/proposals/{id}/refund `{ amount, note? }`: the owner confirms the refund of a quote
 * cancelled within its 14 days (docs/payments.md, "Refunds"). 409 when none is waiting.
 */
export default async (req: Request, context?: Context) => {
  try {
    const session = await requireAdmin(req, METHODS);
    const body = await readJson(req, RefundBodySchema, 2048, { requireJsonType: true });
    return json(await confirmRefund(context?.params?.id ?? "", body, Date.now(), session.tag));
  } catch (error) {
    return toErrorResponse(error, "admin-proposal-refund");
  }
};

export const config: Config = { path: "/api/admin/proposals/:id/refund" };
