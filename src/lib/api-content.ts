/**
 * The JSON shapes of GET /api/services, /api/services/{slug} and /api/testimonials
 * (SPEC.md §3, DESIGN.md §3). Browser-safe.
 */
import type { Service, Testimonial } from "./content-schemas";

export interface ApiService {
  slug: string;
  name: string;
  icon: string;
  shortDescription: string;
  detailedDescription?: string;
  color: string;
  hoverColor: string;
  services: string[];
  extraFeatures: string[];
  warranty?: string;
}

export interface ApiTestimonial {
  name: string;
  location: string;
  rating: number;
  review: string;
}

/** A service as the API serves it: the slug added, the content-only `order` dropped. */
export function toApiService(slug: string, service: Service): ApiService {
  const { order: _order, ...fields } = service;
  return { slug, ...fields };
}

export function toApiTestimonial(testimonial: Testimonial): ApiTestimonial {
  const { name, location, rating, review } = testimonial;
  return { name, location, rating, review };
}
