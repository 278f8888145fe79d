import type { Config, Context } from "@netlify/functions";
import { isPreviewDeploy } from "../lib/blobs/open-store.ts";
import { secureHeaders } from "../lib/http/responses.ts";
import { NotFoundError, toErrorResponse } from "../lib/http/http-error.ts";
import { documentOfToken } from "../lib/proposals/proposal-answers.ts";
import { tokenRequest } from "../lib/proposals/token-limit.ts";

const METHODS = ["GET", "HEAD"];

/** GET /api/proposals/{token}/pdf: the quote as sent, with its acceptance once accepted. */
export default async (req: Request, context?: Context) => {
  try {
    if (isPreviewDeploy()) throw new NotFoundError();
    const view = await documentOfToken(await tokenRequest(req, context, METHODS));
    // The PDF writer and its fonts load once the document is found: a refused call never pays for them.
    const { proposalPdf, proposalPdfName } = await import("../lib/proposals/proposal-pdf.ts");
    const bytes = await proposalPdf(view);
    return new Response(Buffer.from(bytes), {
      headers: secureHeaders({
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${proposalPdfName(view)}"`,
        "Content-Length": String(bytes.byteLength),
        "Referrer-Policy": "no-referrer",
        "X-Robots-Tag": "noindex",
      }),
    });
  } catch (error) {
    return toErrorResponse(error, "proposal-pdf");
  }
};

export const config: Config = { path: "/api/proposals/:token/pdf" };
