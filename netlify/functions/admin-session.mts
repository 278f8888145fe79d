import type { Config } from "@netlify/functions";
import { requireAdmin } from "../lib/auth.ts";
import { json, methodNotAllowed } from "../lib/http.ts";

/** GET /api/admin/session → 200 `{ authenticated: true }` with a valid session, else 401. */
export default async (req: Request) => {
  if (req.method !== "GET" && req.method !== "HEAD") return methodNotAllowed(["GET"]);
  const refusal = await requireAdmin(req);
  if (refusal) return refusal;
  return json({ authenticated: true }, { headers: { "Cache-Control": "no-store" } });
};

export const config: Config = { path: "/api/admin/session" };
