import type { Config, Context } from "@netlify/functions";
import { requireAdmin } from "../lib/auth.ts";
import { errorResponse, json, methodNotAllowed, secureHeaders } from "../lib/http.ts";
import { toErrorResponse } from "../lib/http-error.ts";
import {
  changeLead,
  eraseLead,
  exportCsv,
  getLead,
  leadStats,
  parseLeadChange,
  parseListQuery,
} from "../lib/leads.ts";
import { readJsonObject } from "../lib/request-body.ts";

const MAX_PATCH_BYTES = 8 * 1024;
const NO_STORE = { "Cache-Control": "no-store" };

/** The decoded last path segment; "" when it is not valid percent-encoding (then 404). */
function lastSegment(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname.split("/").pop() ?? "");
  } catch {
    return "";
  }
}

/** GET /api/admin/contact-submissions/export.csv: every lead the filters match, as CSV. */
async function exportResponse(req: Request): Promise<Response> {
  if (req.method !== "GET") return methodNotAllowed(["GET"]);
  const csv = await exportCsv(parseListQuery(new URL(req.url).searchParams, false));
  const date = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: secureHeaders({
      ...NO_STORE,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="leads-${date}.csv"`,
    }),
  });
}

/** GET /api/admin/contact-submissions/stats?by=service|source: the leads-per-week chart. */
async function statsResponse(req: Request): Promise<Response> {
  if (req.method !== "GET") return methodNotAllowed(["GET"]);
  const by = new URL(req.url).searchParams.get("by") ?? "service";
  if (by !== "service" && by !== "source") return errorResponse(400, "by must be service or source");
  return json(await leadStats(by), { headers: NO_STORE });
}

/**
 * One quote request (DESIGN.md §3): GET with its ETag, PATCH `{ status?, note? }` (412 when
 * If-Match is stale), DELETE (record and attachments). The export and the chart data share the
 * route: the Netlify CLI does not rank literal paths above the `:id` pattern.
 */
export default async (req: Request, context: Context) => {
  const refusal = await requireAdmin(req);
  if (refusal) return refusal;
  // Callers without the platform's context (tests, scripts) fall back to the path's last segment.
  const params = (context as Partial<Context> | undefined)?.params;
  const id = params?.id ?? lastSegment(req.url);
  try {
    if (id === "export.csv") return await exportResponse(req);
    if (id === "stats") return await statsResponse(req);
    if (req.method === "GET") {
      const { submission, etag } = await getLead(id);
      return json(submission, { headers: { ...NO_STORE, ETag: etag } });
    }
    if (req.method === "PATCH") {
      const change = parseLeadChange(await readJsonObject(req, MAX_PATCH_BYTES));
      const { submission, etag } = await changeLead(id, change, req.headers.get("if-match"));
      return json(submission, { headers: { ...NO_STORE, ETag: etag } });
    }
    if (req.method === "DELETE") {
      await eraseLead(id);
      return new Response(null, { status: 204, headers: secureHeaders(NO_STORE) });
    }
    return methodNotAllowed(["GET", "PATCH", "DELETE"]);
  } catch (error) {
    return toErrorResponse(error, "admin-contact-submission");
  }
};

export const config: Config = { path: "/api/admin/contact-submissions/:id" };
