/**
 * Prebuilt body of GET /api/services: _redirects (integrations/content-api-redirects.ts) rewrites the API path to this file,
 * so the Netlify CDN serves it as application/json.
 */
import type { APIRoute } from "astro";
import { toApiService } from "../../../lib/api-content";
import { getServices } from "../../../utils/content";

export const GET: APIRoute = async () => {
  const services = await getServices();
  return Response.json(services.map(({ id, data }) => toApiService(id, data)));
};
