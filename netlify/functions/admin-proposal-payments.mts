import type { Config, Context } from "@netlify/functions";
import { requireAdmin } from "../lib/admin/auth.ts";
import { json } from "../lib/http/responses.ts";
import { MethodNotAllowedError, toErrorResponse } from "../lib/http/http-error.ts";
import { readJson } from "../lib/http/request-body.ts";
import { afterResponse } from "../lib/http/after-response.ts";
import { deliverMailJobs } from "../lib/mail/mail-jobs.ts";
import { paymentsView, recordPayment } from "../lib/payments/payments.ts";
import { PaymentBodySchema } from "../../src/lib/payments/payment-schema.ts";

const METHODS = ["GET", "POST"];
const JSON_BODY = { requireJsonType: true };

/**
 * GET /api/admin/proposals/{id}/payments: what was asked for, the payments, the balance (pence).
 * POST records a bank payment and e-mails its VAT receipt right after the answer (docs/payments.md).
 */
export default async (req: Request, context?: Context) => {
  try {
    const session = await requireAdmin(req, METHODS);
    const id = context?.params?.id ?? "";
    if (req.method === "GET") return json(await paymentsView(id));
    if (req.method === "POST") {
      const body = await readJson(req, PaymentBodySchema, 2048, JSON_BODY);
      const { payment, mailIds } = await recordPayment(id, body, Date.now(), session.tag);
      afterResponse(context, deliverMailJobs({ ids: mailIds }));
      return json(payment, { status: 201 });
    }
    throw new MethodNotAllowedError(METHODS);
  } catch (error) {
    return toErrorResponse(error, "admin-proposal-payments");
  }
};

export const config: Config = { path: "/api/admin/proposals/:id/payments" };
