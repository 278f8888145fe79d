import type { Config } from "@netlify/functions";
import { requireAdmin } from "../lib/admin/auth.ts";
import { json } from "../lib/http/responses.ts";
import { HttpError, toErrorResponse } from "../lib/http/http-error.ts";
import { readJson } from "../lib/http/request-body.ts";
import { BulkEraseBody, bulkErase } from "../lib/desk/bulk-erase.ts";

const MAX_BODY_BYTES = 2 * 1024;
const BODY = {
  requireJsonType: true,
  invalid: (error: { issues: { message: string }[] }) =>
    new HttpError(400, error.issues[0]?.message ?? "Choose a source or a range of days"),
};

/**
 * POST /api/admin/leads/erase `{ source?, from?, to?, confirm? }`: the leads of one source and/or
 * span of UK days, won and completed ones aside. Without `confirm` 200 `{ matches }`; with the
 * count confirmed 200 `{ erased }`, or 409 when the count has changed (docs/security.md).
 */
export default async (req: Request) => {
  try {
    const session = await requireAdmin(req, ["POST"]);
    const filter = await readJson(req, BulkEraseBody, MAX_BODY_BYTES, BODY);
    return json(await bulkErase(filter, session.tag));
  } catch (error) {
    return toErrorResponse(error, "admin-leads-erase");
  }
};

export const config: Config = { path: "/api/admin/leads/erase" };
