import type { Config } from "@netlify/functions";
import { guardAdmin } from "../lib/auth.ts";
import { json } from "../lib/http.ts";
import { toErrorResponse } from "../lib/http-error.ts";
import { listAdminSubmissions } from "../lib/quote-admin.ts";

/** GET /api/admin/contact-submissions: every quote request, newest first (DESIGN.md §3). */
export default async (req: Request) => {
  const refusal = await guardAdmin(req, ["GET"]);
  if (refusal) return refusal;
  try {
    return json(await listAdminSubmissions());
  } catch (error) {
    return toErrorResponse(error, "admin-contact-submissions");
  }
};

export const config: Config = { path: "/api/admin/contact-submissions" };
