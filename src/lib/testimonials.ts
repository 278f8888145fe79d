/**
 * How testimonials are ordered and dated on the site (the review policy, content/review-policy/review-policy.md):
 * newest first, so the ones shown are the latest rather than a pick of the best; `order` only
 * breaks ties within a month. Browser-safe.
 */
import type { Testimonial } from "./content-schemas";
import { MONTH_NAMES as MONTHS } from "./month-names.ts";

export function compareTestimonials(a: Testimonial, b: Testimonial): number {
  return a.month < b.month ? 1 : a.month > b.month ? -1 : a.order - b.order;
}

/** "2025-02" → "February 2025". */
export function reviewMonthLabel(month: string): string {
  const [year, number] = month.split("-");
  return `${MONTHS[Number(number) - 1] ?? month} ${year}`;
}
