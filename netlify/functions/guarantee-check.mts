import type { Config, Context } from "@netlify/functions";
import { isPreviewDeploy } from "../lib/blobs/open-store.ts";
import { json } from "../lib/http/responses.ts";
import { NotFoundError, requireMethod, toErrorResponse } from "../lib/http/http-error.ts";
import { chargeClientWindow } from "../lib/limits/link-limit.ts";
import { checkGuarantee } from "../lib/payments/money-desk.ts";
import { PAYMENT_TEXTS } from "../../src/lib/payments/payment-rules.ts";

const METHODS = ["GET"];

/** Checks per client network (and its IPv6 /48) in any hour: a solicitor checks one or two. */
export const GUARANTEE_CHECKS_PER_HOUR = 20;
export const GUARANTEE_LIMIT_MESSAGE =
  "Too many checks from your connection. Please wait an hour, or call us to confirm a guarantee.";

/**
 * GET /api/guarantees/check?number=…&postcode=… (docs/payments.md, "The guarantee register"):
 * `{ valid, validUntil, work, completedOn }` when the certificate's number and the property's
 * postcode match; 404 otherwise, the same answer whichever is wrong; 429 past the client's limit.
 */
export default async (req: Request, context?: Context) => {
  try {
    if (isPreviewDeploy()) throw new NotFoundError();
    requireMethod(req, METHODS);
    await chargeClientWindow(req, context, {
      name: "guarantee-check",
      limit: GUARANTEE_CHECKS_PER_HOUR,
      windowMs: 60 * 60 * 1000,
      message: GUARANTEE_LIMIT_MESSAGE,
    });
    const url = new URL(req.url);
    const found = await checkGuarantee(
      (url.searchParams.get("number") ?? "").slice(0, 20),
      (url.searchParams.get("postcode") ?? "").slice(0, 10),
    );
    if (!found) throw new NotFoundError(PAYMENT_TEXTS.guaranteeNotFound);
    return json(found, { headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" } });
  } catch (error) {
    return toErrorResponse(error, "guarantee-check");
  }
};

export const config: Config = {
  path: "/api/guarantees/check",
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
