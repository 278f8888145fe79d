import type { Config } from "@netlify/functions";
import { requireAdmin } from "../lib/admin/auth.ts";
import { json } from "../lib/http/responses.ts";
import { toErrorResponse } from "../lib/http/http-error.ts";
import { guideCalibration } from "../lib/price-guide/calibration.ts";

/** GET /api/admin/contact-submissions/calibration: quoted amounts against the price guide, per job. */
export default async (req: Request) => {
  try {
    await requireAdmin(req, ["GET"]);
    return json(await guideCalibration());
  } catch (error) {
    return toErrorResponse(error, "admin-contact-submissions-calibration");
  }
};

export const config: Config = { path: "/api/admin/contact-submissions/calibration" };
