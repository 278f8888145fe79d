import type { Config } from "@netlify/functions";
import { errorResponse } from "../lib/http.ts";

/** Any /api/* path no other function claims: a JSON 404 rather than the HTML error page. */
export default async () => errorResponse(404, "Not found");

export const config: Config = { path: "/api/*" };
