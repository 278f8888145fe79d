import type { Config, Context } from "@netlify/functions";
import { guardAdmin } from "../lib/admin/auth.ts";
import { recordAudit } from "../lib/admin/audit-store.ts";
import { z } from "zod";
import { errorResponse, json, methodNotAllowed, noContent, secureHeaders } from "../lib/http/responses.ts";
import { HttpError, toErrorResponse } from "../lib/http/http-error.ts";
import {
  changeLead,
  eraseLead,
  exportCsv,
  getLead,
  leadStats,
  parseLeadChange,
  parseListQuery,
} from "../lib/desk/lead-desk.ts";
import { readJson } from "../lib/http/request-body.ts";
import { guideCalibration } from "../lib/price-guide/calibration.ts";
import { afterResponse } from "../lib/http/after-response.ts";
import { expectReviewRequest, sendReviewRequest } from "../lib/follow-up/review-outbox.ts";

const MAX_PATCH_BYTES = 8 * 1024;
/** The fields are checked by parseLeadChange; here only that the body is one small JSON object. */
const PatchSchema = z.record(z.string(), z.unknown());
const JSON_OBJECT = {
  requireJsonType: true,
  invalid: () => new HttpError(400, "Request body must be a JSON object"),
};

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
  await recordAudit("export");
  const date = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: secureHeaders({
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
  return json(await leadStats(by));
}

/**
 * One quote request (docs/http-contract.md, Admin): GET with its ETag, PATCH `{ status?, note?, quotedAmount? }` (412 when
 * If-Match is stale), DELETE (record and attachments). The export and the chart data share the
 * route: the Netlify CLI does not rank literal paths above the `:id` pattern (docs/workarounds.md).
 */
export default async (req: Request, context: Context) => {
  const refusal = await guardAdmin(req, ["GET", "PATCH", "DELETE"]);
  if (refusal) return refusal;
  // Callers without the platform's context (tests, scripts) fall back to the path's last segment.
  const params = (context as Partial<Context> | undefined)?.params;
  const id = params?.id ?? lastSegment(req.url);
  try {
    if (id === "export.csv") return await exportResponse(req);
    if (id === "stats") return await statsResponse(req);
    if (id === "calibration") {
      // The price guide's calibration table: quoted amounts against the guide, per job.
      if (req.method !== "GET") return methodNotAllowed(["GET"]);
      return json(await guideCalibration());
    }
    if (req.method === "GET") {
      const { submission, etag } = await getLead(id);
      return json(submission, { headers: { ETag: etag } });
    }
    if (req.method === "PATCH") {
      const change = parseLeadChange(await readJson(req, PatchSchema, MAX_PATCH_BYTES, JSON_OBJECT));
      // A lead's first `completed` queues its review request (docs/reviews.md).
      if (change.status === "completed") await expectReviewRequest(id);
      const { submission, etag } = await changeLead(id, change, req.headers.get("if-match"));
      if (submission.review?.state === "pending") afterResponse(context, sendReviewRequest(id));
      return json(submission, { headers: { ETag: etag } });
    }
    if (req.method === "DELETE") {
      await eraseLead(id);
      return noContent();
    }
    return methodNotAllowed(["GET", "PATCH", "DELETE"]);
  } catch (error) {
    return toErrorResponse(error, "admin-contact-submission");
  }
};

export const config: Config = { path: "/api/admin/contact-submissions/:id" };
