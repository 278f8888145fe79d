import type { Config } from "@netlify/functions";
import { MethodNotAllowedError, toErrorResponse } from "../lib/http/http-error.ts";

/**
 * Methods other than GET and HEAD on the content API (`/api/services`, `/api/services/{slug}`,
 * `/api/testimonials` and the prebuilt JSON behind them): 405 JSON with `Allow`.
 *
 * The GETs stay static files behind the rewrites in public/_redirects, cached by the CDN like every
 * other asset. `config.method` keeps this function to the other methods: a request whose method is
 * not listed skips the function and falls through to the static file, deployed and under the
 * Netlify CLI alike. The method is answered before the path is looked at, so an unknown slug also
 * gets 405 for a DELETE (and 404 for a GET).
 */
export default () => toErrorResponse(new MethodNotAllowedError(["GET", "HEAD"]), "content-api-methods");

export const config: Config = {
  path: ["/api/services", "/api/services/:slug", "/api/testimonials", "/api/data/*"],
  method: ["POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
};
