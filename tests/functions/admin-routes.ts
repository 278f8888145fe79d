/**
 * Every admin route, for the shared 401 table in admin-auth.test.ts. Append a route here when you add
 * an admin function: the table then checks it with no, forged, expired and logged-out cookies.
 */
import type { Context } from "@netlify/functions";
import logout from "../../netlify/functions/admin-logout.mts";
import session from "../../netlify/functions/admin-session.mts";
import contactSubmissions from "../../netlify/functions/admin-contact-submissions.mts";
import contactAttachment from "../../netlify/functions/admin-contact-attachment.mts";
import contactSubmission from "../../netlify/functions/admin-contact-submission.mts";
import contactExport from "../../netlify/functions/admin-contact-submissions-export.mts";
import contactStats from "../../netlify/functions/admin-contact-submissions-stats.mts";
import adminGallery from "../../netlify/functions/admin-gallery.mts";
import adminGalleryItem from "../../netlify/functions/admin-gallery-item.mts";
import adminGalleryReorder from "../../netlify/functions/admin-gallery-reorder.mts";
import uploadImage from "../../netlify/functions/upload-image.mts";
import auditLog from "../../netlify/functions/admin-audit-log.mts";
import users from "../../netlify/functions/admin-users.mts";
import sessions from "../../netlify/functions/admin-sessions.mts";
import passkeys from "../../netlify/functions/admin-passkeys.mts";
import paymentVoid from "../../netlify/functions/admin-payment-void.mts";

const GALLERY_ID = "0f8fad5b-d9cb-469f-a165-70867728950e";
const QUOTE_ID = "00000000-0000-4000-8000-000000000000";

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
  { method: "GET", path: `/api/admin/contact-submissions/${QUOTE_ID}`, handler: contactSubmission },
  {
    method: "PATCH",
    path: `/api/admin/contact-submissions/${QUOTE_ID}`,
    handler: contactSubmission,
    body: { status: "contacted" },
  },
  { method: "DELETE", path: `/api/admin/contact-submissions/${QUOTE_ID}`, handler: contactSubmission },
  { method: "GET", path: "/api/admin/contact-submissions/export.csv", handler: contactExport },
  { method: "GET", path: "/api/admin/contact-submissions/stats", handler: contactStats },
  {
    method: "POST",
    path: "/api/admin/gallery",
    handler: adminGallery,
    body: { title: "x", imageUrl: `/media/gallery/${GALLERY_ID}`, category: "all" },
  },
  {
    method: "PUT",
    path: `/api/admin/gallery/${GALLERY_ID}`,
    handler: adminGalleryItem,
    body: { title: "x", description: "", category: "all" },
  },
  { method: "DELETE", path: `/api/admin/gallery/${GALLERY_ID}`, handler: adminGalleryItem },
  {
    method: "POST",
    path: "/api/admin/gallery/reorder",
    handler: adminGalleryReorder,
    body: { imageIds: [] },
  },
  { method: "POST", path: "/api/upload/image", handler: uploadImage },
  { method: "GET", path: "/api/admin/audit-log", handler: auditLog },
  { method: "GET", path: "/api/admin/users", handler: users },
  {
    method: "POST",
    path: "/api/admin/users",
    handler: users,
    body: { name: "Callum", email: "callum@example.co.uk", role: "crew" },
  },
  { method: "GET", path: "/api/admin/sessions", handler: sessions },
  { method: "GET", path: "/api/admin/passkeys/register", handler: passkeys },
  { method: "GET", path: "/api/admin/passkeys/verify", handler: passkeys },
  {
    method: "POST",
    path: "/api/admin/payments/R-000001/void",
    handler: paymentVoid,
    body: { reason: "Recorded twice" },
  },
];
