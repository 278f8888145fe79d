/**
 * The JSON shapes of GET /api/services, /api/services/{slug} and /api/testimonials
 * (docs/spec.md, Content and records; docs/http-contract.md). Browser-safe.
 */
import type { Service, Testimonial } from "./content-schemas";
import { SERVICE_ACCENTS } from "./service-accents";

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

/**
 * A service as the API serves it: the slug added, the content-only `order` dropped, and the accent
 * served as the API's `color` / `hoverColor` classes.
 */
export function toApiService(slug: string, service: Service): ApiService {
  const { order: _order, accent, ...fields } = service;
  const { color, hoverColor } = SERVICE_ACCENTS[accent];
  return { slug, ...fields, color, hoverColor };
}

export function toApiTestimonial(testimonial: Testimonial): ApiTestimonial {
  const { name, location, rating, review } = testimonial;
  return { name, location, rating, review };
}
