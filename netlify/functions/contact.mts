import type { Config, Context } from "@netlify/functions";
import { IDEMPOTENCY_HEADER } from "../../src/lib/quote/upload.ts";
import { json } from "../lib/http/responses.ts";
import { requireMethod, toErrorResponse } from "../lib/http/http-error.ts";
import { parseMultipart } from "../lib/http/multipart.ts";
import { afterResponse } from "../lib/http/after-response.ts";
import { QUOTE_LIMITS, parseIdempotencyKey, takeQuote } from "../lib/quote/take-quote.ts";
import { quotaClient } from "../lib/limits/upload-quota.ts";

/** POST /api/contact: a quote request (docs/http-contract.md, docs/uploads.md). */
export default async (req: Request, context?: Context) => {
  try {
    requireMethod(req, ["POST"]);
    const idempotencyKey = parseIdempotencyKey(req.headers.get(IDEMPOTENCY_HEADER));
    const form = await parseMultipart(req, QUOTE_LIMITS);
    const { id, createdAt, reference, stored } = await takeQuote(
      form,
      idempotencyKey,
      await quotaClient(req, context),
    );
    // The e-mails go after the answer: a slow or broken mail server never holds up the visitor.
    // The mail code loads only then, so it adds nothing to the answer's time either.
    if (stored)
      afterResponse(
        context,
        import("../lib/mail/lead-mail-sender.ts").then((mail) => mail.deliverLeadMail(id)),
      );
    return json({ id, createdAt, reference }, { status: 201 });
  } catch (error) {
    return toErrorResponse(error, "contact");
  }
};

export const config: Config = {
  path: "/api/contact",
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
