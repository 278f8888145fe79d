import type { Config, Context } from "@netlify/functions";
import { requireAdmin } from "../lib/admin/auth.ts";
import { NotFoundError, toErrorResponse } from "../lib/http/http-error.ts";
import { mailSettings } from "../lib/mail/mailer.ts";
import { certificateDocument, receiptDocument } from "../lib/payments/payment-account.ts";
import { readGuarantee, readInvoice, readPaymentByReceipt } from "../lib/payments/payment-records.ts";

const METHODS = ["GET"];

/** The PDF of one of the documents, by its number: INV-…, R-… or G-…. */
async function documentPdf(number: string): Promise<{ name: string; bytes: Uint8Array }> {
  // The PDF writer and its fonts load only when a document is drawn.
  const pdf = () => import("../lib/payments/payment-pdf.ts");
  if (number.startsWith("INV-")) {
    const invoice = await readInvoice(number);
    if (invoice) {
      const { invoicePdf, invoicePdfName } = await pdf();
      return { name: invoicePdfName(number), bytes: await invoicePdf(invoice.document) };
    }
  } else if (number.startsWith("R-")) {
    const payment = await readPaymentByReceipt(number);
    if (payment) {
      const { receiptPdf, receiptPdfName } = await pdf();
      return { name: receiptPdfName(number), bytes: await receiptPdf(await receiptDocument(payment)) };
    }
  } else if (number.startsWith("G-")) {
    const guarantee = await readGuarantee(number);
    if (guarantee) {
      const { siteUrl } = await mailSettings();
      const document = await certificateDocument(guarantee, siteUrl);
      const { certificatePdf, certificatePdfName } = await pdf();
      return { name: certificatePdfName(number), bytes: await certificatePdf(document) };
    }
  }
  throw new NotFoundError("Document not found");
}

/**
 * GET /api/admin/documents/{number}: an invoice, a receipt or a guarantee certificate as the
 * customer received it, for the owner to download again (docs/payments.md).
 */
export default async (req: Request, context?: Context) => {
  try {
    await requireAdmin(req, METHODS);
    const number = (context?.params?.number ?? "").toUpperCase();
    const { name, bytes } = await documentPdf(number);
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
