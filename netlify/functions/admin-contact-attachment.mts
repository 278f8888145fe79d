import type { Config } from "@netlify/functions";
import { requireAdmin } from "../lib/auth.ts";
import { errorResponse, methodNotAllowed } from "../lib/http.ts";
import { toErrorResponse } from "../lib/http-error.ts";
import { attachmentResponse } from "../lib/quote-admin.ts";

const PATH = /^\/api\/admin\/contact-submissions\/([^/]+)\/attachments\/([^/]+)$/;

/** GET an attachment of a quote request: the exact bytes, streamed (DESIGN.md §3). */
export default async (req: Request) => {
  const refusal = await requireAdmin(req);
  if (refusal) return refusal;
  if (req.method !== "GET") return methodNotAllowed(["GET"]);
  const match = PATH.exec(new URL(req.url).pathname);
  if (!match) return errorResponse(404, "Not found");
  try {
    return await attachmentResponse(match[1]!, match[2]!);
  } catch (error) {
    return toErrorResponse(error, "admin-contact-attachment");
  }
};

export const config: Config = { path: "/api/admin/contact-submissions/:id/attachments/:attachmentId" };
