import type { Config, Context } from "@netlify/functions";
import * as z from "zod/mini";
import "../../src/lib/zod-locale.ts";
import { parseInstant } from "../../src/lib/visits/london-time.ts";
import { requireAdmin } from "../lib/admin/auth.ts";
import { afterResponse } from "../lib/http/after-response.ts";
import { MethodNotAllowedError, NotFoundError, toErrorResponse } from "../lib/http/http-error.ts";
import { readJson } from "../lib/http/request-body.ts";
import { json } from "../lib/http/responses.ts";
import { cancelByOwner, moveByOwner } from "../lib/visits/visit-booking.ts";
import { isUuid } from "../lib/http/uuid.ts";
import { leadVisit } from "../lib/visits/visit-desk.ts";

const METHODS = ["PATCH", "DELETE"];
const MoveBody = z.strictObject({
  start: z.string().check(z.refine((value) => parseInstant(value) !== null, "Please choose a time")),
});

/**
 * One survey visit, from the desk (docs/visits.md): PATCH `{ start }` moves it, DELETE cancels it;
 * the customer is e-mailed either way (an updated or cancelled calendar invitation). Both answer
 * the lead's visit as GET /api/admin/contact-submissions/{id} carries it.
 */
export default async (req: Request, context?: Context) => {
  try {
    await requireAdmin(req, METHODS);
    const id = context?.params?.id ?? new URL(req.url).pathname.split("/").pop() ?? "";
    if (!isUuid(id)) throw new NotFoundError("Visit not found");
    let result;
    if (req.method === "PATCH") {
      const { start } = await readJson(req, MoveBody, 1024);
      result = await moveByOwner(id, parseInstant(start)!);
    } else if (req.method === "DELETE") result = await cancelByOwner(id);
    else throw new MethodNotAllowedError(METHODS);
    const ids = result.mailIds;
    if (ids.length)
      afterResponse(
        context,
        import("../lib/mail/mail-jobs.ts").then((mail) => mail.deliverMailJobs({ ids })),
      );
    return json(await leadVisit(result.visit.leadId));
  } catch (error) {
    return toErrorResponse(error, "admin-visit");
  }
};

export const config: Config = { path: "/api/admin/visits/:id" };
