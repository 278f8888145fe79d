import type { Config } from "@netlify/functions";
import * as z from "zod/mini";
import "../../src/lib/zod-locale.ts";
import { requireAdmin } from "../lib/admin/auth.ts";
import { toErrorResponse } from "../lib/http/http-error.ts";
import { readQuery } from "../lib/http/request-body.ts";
import { json } from "../lib/http/responses.ts";
import { agenda } from "../lib/visits/visit-desk.ts";

const AgendaQuery = z.object({
  from: z.string({ error: "from and to must be dates written YYYY-MM-DD" }),
  to: z.string({ error: "from and to must be dates written YYYY-MM-DD" }),
});

/**
 * GET /api/admin/visits?from=YYYY-MM-DD&to=YYYY-MM-DD: the booked survey visits starting on those
 * days (UK dates, both included), earliest first, each with its lead's id, name and phone, the
 * address, start and end (docs/visits.md).
 */
export default async (req: Request) => {
  try {
    await requireAdmin(req, ["GET"]);
    const { from, to } = readQuery(req, AgendaQuery);
    return json(await agenda(from, to));
  } catch (error) {
    return toErrorResponse(error, "admin-visits");
  }
};

export const config: Config = { path: "/api/admin/visits" };
