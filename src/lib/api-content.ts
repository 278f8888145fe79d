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
  /** First name. */
  name: string;
  /** Town. */
  location: string;
  rating: number;
  review: string;
  job: string;
  /** yyyy-mm. */
  month: string;
  publishedOn: { site: string; url: string };
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

/** The first four fields (name, location, rating, review) and what the review policy shows with them. */
export function toApiTestimonial(testimonial: Testimonial): ApiTestimonial {
  const { name, location, rating, review, job, month, publishedOn } = testimonial;
  return { name, location, rating, review, job, month, publishedOn: { ...publishedOn } };
}
