import type { Config } from "@netlify/functions";
import { requireAdmin } from "../lib/admin/auth.ts";
import { json } from "../lib/http/responses.ts";
import { toErrorResponse } from "../lib/http/http-error.ts";
import { readQuery } from "../lib/http/request-body.ts";
import { listLeads } from "../lib/desk/lead-desk.ts";
import { LeadListQuery } from "../lib/desk/lead-query.ts";

/**
 * GET /api/admin/contact-submissions: one page of quote requests, newest first, filtered by
 * `status`, `service` and the search `q`; `X-Total-Count` counts every match and `Link` names the
 * next page (docs/http-contract.md, Admin).
 */
export default async (req: Request) => {
  try {
    await requireAdmin(req, ["GET"]);
    const query = readQuery(req, LeadListQuery);
    const page = await listLeads(query);
    const url = new URL(req.url);
    const headers = new Headers({ "X-Total-Count": String(page.total) });
    if (page.nextCursor) {
      const next = new URLSearchParams(url.searchParams);
      next.set("cursor", page.nextCursor);
      next.set("limit", String(query.limit));
      headers.set("Link", `<${url.pathname}?${next.toString()}>; rel="next"`);
    }
    headers.set("Access-Control-Expose-Headers", "X-Total-Count, Link");
    return json(page.quotes, { headers });
  } catch (error) {
    return toErrorResponse(error, "admin-contact-submissions");
  }
};

export const config: Config = { path: "/api/admin/contact-submissions" };
