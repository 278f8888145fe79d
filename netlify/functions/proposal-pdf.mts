import type { Config, Context } from "@netlify/functions";
import { isPreviewDeploy } from "../lib/blobs/open-store.ts";
import { secureHeaders } from "../lib/http/responses.ts";
import { NotFoundError, toErrorResponse } from "../lib/http/http-error.ts";
import { documentOfToken } from "../lib/proposals/proposal-answers.ts";
import { quotePdfAsSent } from "../lib/proposals/quote-as-sent.ts";
import { tokenRequest } from "../lib/proposals/token-limit.ts";
import { propertyAddressOfToken } from "../lib/payments/property-address.ts";

const METHODS = ["GET", "HEAD"];

/**
 * GET /api/proposals/{token}/pdf: the quote as sent, or as accepted once accepted, byte for byte as
 * first drawn, naming the property's address when one was known then.
 */
export default async (req: Request, context?: Context) => {
  try {
    if (isPreviewDeploy()) throw new NotFoundError();
    const token = await tokenRequest(req, context, METHODS);
    const view = await documentOfToken(token);
    // As sent (or as accepted), byte for byte; drawn here only if no e-mail drew it first.
    const { name, bytes } = await quotePdfAsSent(view, async () => ({
      propertyAddress: await propertyAddressOfToken(token),
    }));
    return new Response(Buffer.from(bytes), {
      headers: secureHeaders({
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${name}"`,
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
