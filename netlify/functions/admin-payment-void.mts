import type { Config, Context } from "@netlify/functions";
import { requireAdmin } from "../lib/admin/auth.ts";
import { json } from "../lib/http/responses.ts";
import { toErrorResponse } from "../lib/http/http-error.ts";
import { readJson } from "../lib/http/request-body.ts";
import { afterResponse } from "../lib/http/after-response.ts";
import { deliverMailJobs } from "../lib/mail/mail-jobs.ts";
import { voidPayment } from "../lib/payments/payment-voids.ts";
import { VoidBodySchema } from "../../src/lib/payments/payment-schema.ts";

const METHODS = ["POST"];

/**
 * POST /api/admin/payments/{receiptNumber}/void `{ reason }`: voids a payment recorded by mistake and
 * issues the credit note for its receipt, e-mailed right after the answer (docs/payments.md, "Voids
 * and credit notes"). 201 `{ creditNote, reason, voidedOn, by }`.
 */
export default async (req: Request, context?: Context) => {
  try {
    const session = await requireAdmin(req, METHODS);
    const body = await readJson(req, VoidBodySchema, 4096, { requireJsonType: true });
    const { voided, mailIds } = await voidPayment(context?.params?.receipt ?? "", body, {
      userId: session.user.id,
      name: session.user.name,
      session: session.tag,
    });
    afterResponse(context, deliverMailJobs({ ids: mailIds }));
    return json(voided, { status: 201 });
  } catch (error) {
    return toErrorResponse(error, "admin-payment-void");
  }
};

export const config: Config = { path: "/api/admin/payments/:receipt/void" };
