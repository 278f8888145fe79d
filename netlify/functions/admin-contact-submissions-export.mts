import type { Config } from "@netlify/functions";
import { requireAdmin } from "../lib/admin/auth.ts";
import { recordAudit } from "../lib/admin/audit-store.ts";
import { secureHeaders } from "../lib/http/responses.ts";
import { toErrorResponse } from "../lib/http/http-error.ts";
import { readQuery } from "../lib/http/request-body.ts";
import { csvChunks } from "../lib/desk/lead-desk.ts";
import { LeadFilterQuery } from "../lib/desk/lead-query.ts";

/** Whether the caller takes a gzip-encoded body (every browser does). */
const takesGzip = (req: Request) =>
  /(^|,)\s*gzip\s*(;\s*q=(?!0(\.0*)?\s*($|,))[\d.]+)?\s*($|,)/i.test(
    req.headers.get("accept-encoding") ?? "",
  );

/**
 * GET /api/admin/contact-submissions/export.csv: every lead the filters match (all pages), as CSV,
 * streamed from the database 500 leads at a time. Compressed when the caller accepts gzip: leads
 * compress well, and the platform caps a streamed answer at 20 MB.
 */
export default async (req: Request) => {
  try {
    const session = await requireAdmin(req, ["GET"]);
    const filters = readQuery(req, LeadFilterQuery);
    await recordAudit("export", { session: session.tag });
    const chunks = csvChunks(filters);
    // The first chunk is read here, so a failure before any byte still answers as JSON.
    const first = await chunks.next();
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        if (!first.done) controller.enqueue(encoder.encode(first.value));
      },
      async pull(controller) {
        try {
          const { done, value } = await chunks.next();
          if (done) controller.close();
          else controller.enqueue(encoder.encode(value));
        } catch (error) {
          console.error(
            "admin-contact-submissions-export: stopped",
            error instanceof Error ? error.message : "",
          );
          controller.error(error);
        }
      },
      async cancel() {
        await chunks.return(undefined);
      },
    });
    const gzip = takesGzip(req);
    const date = new Date().toISOString().slice(0, 10);
    const headers = secureHeaders({
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="leads-${date}.csv"`,
      Vary: "Accept-Encoding",
    });
    if (gzip) headers.set("Content-Encoding", "gzip");
    const encoded = gzip
      ? (body as ReadableStream<BufferSource>).pipeThrough(new CompressionStream("gzip"))
      : body;
    return new Response(encoded, { headers });
  } catch (error) {
    return toErrorResponse(error, "admin-contact-submissions-export");
  }
};

export const config: Config = { path: "/api/admin/contact-submissions/export.csv" };
