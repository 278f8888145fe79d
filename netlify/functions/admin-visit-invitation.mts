import type { Config, Context } from "@netlify/functions";
import { requireAdmin } from "../lib/admin/auth.ts";
import { afterResponse } from "../lib/http/after-response.ts";
import { toErrorResponse } from "../lib/http/http-error.ts";
import { json } from "../lib/http/responses.ts";
import { inviteToVisit } from "../lib/visits/visit-desk.ts";

/**
 * POST /api/admin/contact-submissions/{id}/visit-invitation: sends the customer a link to book a
 * survey visit (docs/visits.md). 201 `{ url }`; inviting again makes a new link, the old one stops.
 */
export default async (req: Request, context?: Context) => {
  try {
    await requireAdmin(req, ["POST"]);
    const id = context?.params?.id ?? new URL(req.url).pathname.split("/").at(-2) ?? "";
    const { url, mailIds } = await inviteToVisit(id);
    if (mailIds.length)
      afterResponse(
        context,
        import("../lib/mail/mail-jobs.ts").then((mail) => mail.deliverMailJobs({ ids: mailIds })),
      );
    return json({ url }, { status: 201 });
  } catch (error) {
    return toErrorResponse(error, "admin-visit-invitation");
  }
};

export const config: Config = { path: "/api/admin/contact-submissions/:id/visit-invitation" };
