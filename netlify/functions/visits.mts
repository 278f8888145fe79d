import type { Config, Context } from "@netlify/functions";
import { checkBooking } from "../../src/lib/visits/rules.ts";
import { isPreviewDeploy } from "../lib/blobs/open-store.ts";
import { afterResponse } from "../lib/http/after-response.ts";
import { HttpError, NotFoundError, requireMethod, toErrorResponse } from "../lib/http/http-error.ts";
import { readBodyLimited } from "../lib/http/request-body.ts";
import { json } from "../lib/http/responses.ts";
import { chargeLinkRequest } from "../lib/limits/link-limit.ts";
import { bookVisit, cancelFromLink, visitPageState } from "../lib/visits/visit-booking.ts";

const METHODS = ["GET", "HEAD", "POST", "PUT", "DELETE"];
const MAX_BOOKING_BYTES = 4 * 1024;

const sendAfter = (context: Context | undefined, ids: string[]) => {
  if (ids.length)
    afterResponse(
      context,
      import("../lib/mail/mail-jobs.ts").then((mail) => mail.deliverMailJobs({ ids })),
    );
};

async function bookingOf(req: Request) {
  let body: unknown;
  try {
    body = JSON.parse(
      new TextDecoder("utf-8", { fatal: true }).decode(await readBodyLimited(req, MAX_BOOKING_BYTES)),
    );
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, "Request body must be valid UTF-8 JSON");
  }
  const checked = checkBooking(body);
  if ("fieldErrors" in checked) throw new HttpError(400, "Please check the details", checked.fieldErrors);
  return checked.booking;
}

/**
 * The customer's visit link (docs/visits.md): GET the state and free times; POST books a time (or,
 * once booked, moves the visit: PUT does the same), DELETE cancels, both until 2 hours before the
 * visit. Anyone holding the link may use it; a Deploy Preview answers 404, since its database is a
 * copy of production's.
 */
export default async (req: Request, context?: Context) => {
  try {
    requireMethod(req, METHODS);
    if (isPreviewDeploy()) throw new NotFoundError();
    await chargeLinkRequest(req, context, "visits");
    const token = context?.params?.token ?? new URL(req.url).pathname.split("/").pop() ?? "";
    if (req.method === "GET" || req.method === "HEAD") return json(await visitPageState(token));
    if (req.method === "DELETE") {
      const { mailIds } = await cancelFromLink(token);
      sendAfter(context, mailIds);
      return json(await visitPageState(token));
    }
    const { booking, mailIds, created } = await bookVisit(token, await bookingOf(req));
    sendAfter(context, mailIds);
    return json(booking, { status: created ? 201 : 200 });
  } catch (error) {
    return toErrorResponse(error, "visits");
  }
};

export const config: Config = {
  path: "/api/visits/:token",
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
