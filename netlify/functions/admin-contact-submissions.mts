import type { Config } from "@netlify/functions";
import { requireAdmin } from "../lib/auth.ts";
import { json, methodNotAllowed } from "../lib/http.ts";
import { toErrorResponse } from "../lib/http-error.ts";
import { listAdminSubmissions } from "../lib/quote-admin.ts";

/** GET /api/admin/contact-submissions: every quote request, newest first (DESIGN.md §3). */
export default async (req: Request) => {
  const refusal = await requireAdmin(req);
  if (refusal) return refusal;
  if (req.method !== "GET") return methodNotAllowed(["GET"]);
  try {
    return json(await listAdminSubmissions(), { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return toErrorResponse(error, "admin-contact-submissions");
  }
};

export const config: Config = { path: "/api/admin/contact-submissions" };
