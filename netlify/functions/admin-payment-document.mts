import type { Config, Context } from "@netlify/functions";
import { requireAdmin } from "../lib/admin/auth.ts";
import { toErrorResponse } from "../lib/http/http-error.ts";
import { mailSettings } from "../lib/mail/mailer.ts";
import { issuedPdf } from "../lib/payments/issued-documents.ts";

const METHODS = ["GET"];

/**
 * GET /api/admin/documents/{number}: an invoice, a receipt or a guarantee certificate as the
 * customer received it, byte for byte, for the owner to download again (docs/payments.md).
 */
export default async (req: Request, context?: Context) => {
  try {
    await requireAdmin(req, METHODS);
    const number = (context?.params?.number ?? "").toUpperCase();
    const { name, bytes } = await issuedPdf(number, (await mailSettings()).siteUrl);
    return new Response(Buffer.from(bytes), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${name}"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    return toErrorResponse(error, "admin-payment-document");
  }
};

export const config: Config = { path: "/api/admin/documents/:number" };
