import type { Config } from "@netlify/functions";
import { NotFoundError, toErrorResponse } from "../lib/http/http-error.ts";

/**
 * Any /api/* path no other function claims: a JSON 404 rather than the HTML error page.
 *
 * Reached through the `/api/*` rewrite in netlify.toml, not through a `config.path` wildcard:
 * function routes are matched before rewrites, whereas two function routes that both match
 * (`/api/*` and `/api/admin/login`) are tried in an unspecified order by the Netlify CLI, which
 * let the wildcard answer 404 for real endpoints (docs/workarounds.md).
 */
export default () => toErrorResponse(new NotFoundError(), "api-not-found");

export const config: Config = {};
