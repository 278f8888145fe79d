import type { Config, Context } from "@netlify/functions";
import { requireAdmin } from "../lib/admin/auth.ts";
import { json, noContent } from "../lib/http/responses.ts";
import { MethodNotAllowedError, toErrorResponse } from "../lib/http/http-error.ts";
import { readJson } from "../lib/http/request-body.ts";
import { afterResponse } from "../lib/http/after-response.ts";
import { changeQuote, deleteLead, getQuote } from "../lib/desk/lead-desk.ts";
import { LeadChangeBody, leadChangeRefusal } from "../lib/desk/lead-query.ts";
import { sendReviewRequest } from "../lib/follow-up/review-outbox.ts";
import { proposalSummaries } from "../lib/proposals/proposal-desk.ts";
import { leadMoney } from "../lib/payments/payments.ts";
import { deliverMailJobs } from "../lib/mail/mail-jobs.ts";
import { crewLead, requireOnAgenda } from "../lib/desk/crew-view.ts";
import { tradeCustomerOf } from "../lib/desk/trade-customer.ts";

const MAX_PATCH_BYTES = 8 * 1024;
const LEAD_CHANGE_JSON = { requireJsonType: true, invalid: leadChangeRefusal };
const METHODS = ["GET", "PATCH", "DELETE"];

/** The decoded last path segment; "" when it is not valid percent-encoding (then 404). */
function lastSegment(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname.split("/").pop() ?? "");
  } catch {
    return "";
  }
}

/**
 * The lead with its written quotes (docs/proposals.md), newest first, its invoices and guarantee,
 * and whether it is a trade customer under the reverse charge (docs/payments.md).
 */
async function withQuotes<T extends object>(quote: T, id: string) {
  return {
    ...quote,
    proposals: await proposalSummaries(id),
    ...(await leadMoney(id)),
    tradeCustomer: await tradeCustomerOf(id),
  };
}

/**
 * One quote request (docs/http-contract.md, Admin): GET with its ETag, PATCH
 * `{ status?, note?, quotedAmount?, tradeCustomer? }` (412 when If-Match is stale; 409 for
 * `tradeCustomer` once a quote was sent), DELETE (the lead and everything
 * it left). The export, the chart's data and the price guide calibration are functions of their
 * own, excluded from this route.
 */
export default async (req: Request, context?: Context) => {
  try {
    const session = await requireAdmin(req, METHODS);
    // Callers without the platform's context (tests, scripts) fall back to the path's last segment.
    const id = context?.params?.id ?? lastSegment(req.url);
    if (req.method === "GET" && session.user.role === "crew") {
      // The crew's view (docs/staff.md): a lead on the agenda, without prices or money.
      await requireOnAgenda(id);
      return json(crewLead((await getQuote(id)).quote));
    }
    if (req.method === "GET") {
      const { quote, etag } = await getQuote(id);
      // The lead's written quotes (docs/proposals.md), newest first.
      return json(await withQuotes(quote, id), { headers: { ETag: etag } });
    }
    if (req.method === "PATCH") {
      const change = await readJson(req, LeadChangeBody, MAX_PATCH_BYTES, LEAD_CHANGE_JSON);
      // A lead's first `completed` queues its review request in the same transaction (docs/reviews.md).
      const { quote, etag, mailIds } = await changeQuote(
        id,
        change,
        req.headers.get("if-match"),
        Date.now(),
        session.tag,
      );
      if (quote.review?.state === "pending") afterResponse(context, sendReviewRequest(id));
      // A completion's invoice and guarantee (docs/payments.md) go right after the answer.
      if (mailIds.length) afterResponse(context, deliverMailJobs({ ids: mailIds }));
      return json(await withQuotes(quote, id), { headers: { ETag: etag } });
    }
    if (req.method === "DELETE") {
      await deleteLead(id, session.tag);
      return noContent();
    }
    throw new MethodNotAllowedError(METHODS);
  } catch (error) {
    return toErrorResponse(error, "admin-contact-submission");
  }
};

export const config: Config = {
  path: "/api/admin/contact-submissions/:id",
  excludedPath: [
    "/api/admin/contact-submissions/export.csv",
    "/api/admin/contact-submissions/stats",
    "/api/admin/contact-submissions/calibration",
  ],
};
