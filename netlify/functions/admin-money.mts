import type { Config } from "@netlify/functions";
import { requireAdmin } from "../lib/admin/auth.ts";
import { json } from "../lib/http/responses.ts";
import { toErrorResponse } from "../lib/http/http-error.ts";
import { moneySummary } from "../lib/payments/money-desk.ts";

const METHODS = ["GET"];

/**
 * GET /api/admin/money: the desk's money panel (docs/payments.md, "The desk"): what is requested and
 * unpaid (deposits, invoices, each marked overdue), what was paid in the last 30 days, the refunds
 * waiting to be confirmed. Pence.
 */
export default async (req: Request) => {
  try {
    await requireAdmin(req, METHODS);
    return json(await moneySummary());
  } catch (error) {
    return toErrorResponse(error, "admin-money");
  }
};

export const config: Config = { path: "/api/admin/money" };
