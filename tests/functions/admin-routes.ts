/**
 * Every admin route, for the shared 401 table in admin-auth.test.ts. Append a route here when you add
 * an admin function: the table then checks it with no, forged, expired and logged-out cookies.
 */
import type { Context } from "@netlify/functions";
import logout from "../../netlify/functions/admin-logout.mts";
import session from "../../netlify/functions/admin-session.mts";
import contactSubmissions from "../../netlify/functions/admin-contact-submissions.mts";
import contactAttachment from "../../netlify/functions/admin-contact-attachment.mts";

export interface AdminRoute {
  method: string;
  /** Path on http://localhost, with any ids already filled in. */
  path: string;
  handler: (req: Request, context: Context) => Promise<Response> | Response;
  /** Request body for routes that need one to get past the guard (JSON-encoded when an object). */
  body?: unknown;
}

export const ADMIN_ROUTES: AdminRoute[] = [
  { method: "GET", path: "/api/admin/session", handler: session },
  { method: "POST", path: "/api/admin/logout", handler: logout },
  { method: "GET", path: "/api/admin/contact-submissions", handler: contactSubmissions },
  {
    method: "GET",
    path: "/api/admin/contact-submissions/00000000-0000-4000-8000-000000000000/attachments/1",
    handler: contactAttachment,
  },
];
