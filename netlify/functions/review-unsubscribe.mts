import type { Config } from "@netlify/functions";
import { businessDetails } from "../lib/business.ts";
import { toErrorResponse } from "../lib/http/http-error.ts";
import { methodNotAllowed } from "../lib/http/responses.ts";
import { checkUnsubscribeLink, stopReviewEmails } from "../lib/follow-up/review-opt-out.ts";
import { unsubscribePage } from "../lib/follow-up/unsubscribe-page.ts";

/**
 * The review e-mails' unsubscribe link (`?lead={id}&token={token}`, docs/reviews.md). GET shows a
 * confirmation button and changes nothing; POST stops the lead's review e-mails. Mail programs'
 * one-click unsubscribe (RFC 8058) POSTs `List-Unsubscribe=One-Click` here; the page's button
 * posts the same. Anyone holding the link may use it, so no session and no Origin check.
 */
export default async (req: Request) => {
  if (req.method !== "GET" && req.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  try {
    const params = new URL(req.url).searchParams;
    const id = params.get("lead") ?? "";
    const token = params.get("token") ?? "";
    const state =
      req.method === "POST" ? await stopReviewEmails(id, token) : await checkUnsubscribeLink(id, token);
    return unsubscribePage(state, (await businessDetails()).name);
  } catch (error) {
    return toErrorResponse(error, "review-unsubscribe");
  }
};

export const config: Config = {
  // UNSUBSCRIBE_PATH (netlify/lib/follow-up/review-requests.ts); a literal, as the platform reads it statically.
  path: "/review-emails/stop",
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
