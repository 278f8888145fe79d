import type { Config } from "@netlify/functions";
import { guardAdmin } from "../lib/auth.ts";
import { json } from "../lib/http.ts";

/** GET /api/admin/session → 200 `{ authenticated: true }` with a valid session, else 401. */
export default async (req: Request) => {
  const refusal = await guardAdmin(req, ["GET", "HEAD"]);
  if (refusal) return refusal;
  return json({ authenticated: true });
};

export const config: Config = { path: "/api/admin/session" };
