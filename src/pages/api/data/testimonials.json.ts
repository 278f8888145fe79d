/** Prebuilt body of GET /api/testimonials (see integrations/content-api-redirects.ts). */
import type { APIRoute } from "astro";
import { toApiTestimonial } from "../../../lib/api-content";
import { getTestimonials } from "../../../utils/content";

export const GET: APIRoute = async () => {
  const testimonials = await getTestimonials();
  return Response.json(testimonials.map(({ data }) => toApiTestimonial(data)));
};
