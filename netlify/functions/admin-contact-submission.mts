import type { Config, Context } from "@netlify/functions";
import { guardAdmin } from "../lib/admin/auth.ts";
import { json, methodNotAllowed, noContent } from "../lib/http/responses.ts";
import { toErrorResponse } from "../lib/http/http-error.ts";
import { readJson } from "../lib/http/request-body.ts";
import { changeQuote, deleteLead, getQuote } from "../lib/desk/lead-desk.ts";
import { LeadChangeBody, leadChangeRefusal } from "../lib/desk/lead-query.ts";

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
 * One quote request (the HTTP contract): GET with its ETag, PATCH `{ status?, note? }` (412 when
 * If-Match is stale), DELETE (the lead and everything it left). The export and the chart's data are
 * functions of their own, excluded from this route.
 */
export default async (req: Request, context?: Context) => {
  const refusal = await guardAdmin(req, METHODS);
  if (refusal) return refusal;
  // Callers without the platform's context (tests, scripts) fall back to the path's last segment.
  const id = context?.params?.id ?? lastSegment(req.url);
  try {
    if (req.method === "GET") {
      const { quote, etag } = await getQuote(id);
      return json(quote, { headers: { ETag: etag } });
    }
    if (req.method === "PATCH") {
      const change = await readJson(req, LeadChangeBody, MAX_PATCH_BYTES, LEAD_CHANGE_JSON);
      const { quote, etag } = await changeQuote(id, change, req.headers.get("if-match"));
      return json(quote, { headers: { ETag: etag } });
    }
    if (req.method === "DELETE") {
      await deleteLead(id);
      return noContent();
    }
    return methodNotAllowed(METHODS);
  } catch (error) {
    return toErrorResponse(error, "admin-contact-submission");
  }
};

export const config: Config = {
  path: "/api/admin/contact-submissions/:id",
  excludedPath: ["/api/admin/contact-submissions/export.csv", "/api/admin/contact-submissions/stats"],
};
