import { getCollection, getEntry } from "astro:content";
import { assertCarouselReferences, assertServiceSlugs, assertTowns } from "../lib/content-schemas";
import { assertPriceGuideServices, type PriceGuide } from "../lib/price-guide/guide-schema";
import { getBusiness } from "./business";
import { compareTestimonials } from "../lib/testimonials";

/** Every service, in `order`; fails the build if a slug is malformed or a built-in one is missing. */
export async function getServices() {
  const entries = await getCollection("services");
  assertServiceSlugs(entries.map((entry) => entry.id));
  return entries.sort((a, b) => a.data.order - b.data.order || a.id.localeCompare(b.id));
}

export async function getAreas() {
  return (await getCollection("areas")).sort((a, b) => a.data.order - b.data.order);
}

/** Newest first (the review policy); `order` breaks ties within a month. */
export async function getTestimonials() {
  return (await getCollection("testimonials")).sort((a, b) => compareTestimonials(a.data, b.data));
}

export async function getFaqItems() {
  return (await getCollection("faq")).sort((a, b) => a.data.order - b.data.order);
}

/** Carousel categories in order, each item resolved to its service page where it names one. */
export async function getCarouselCategories() {
  const [categories, services] = await Promise.all([getCollection("carousel"), getServices()]);
  assertCarouselReferences(
    categories,
    services.map((service) => service.id),
  );
  return categories.sort((a, b) => a.data.order - b.data.order);
}

/**
 * Every town with a page, nearest to Kippen first; fails the build if a file name and slug differ
 * or a distance disagrees with the coordinates.
 */
export async function getTowns() {
  const [entries, business] = await Promise.all([getCollection("towns"), getBusiness()]);
  assertTowns(entries, business.geo);
  return entries.sort(
    (a, b) => a.data.distanceMiles - b.data.distanceMiles || a.data.name.localeCompare(b.data.name),
  );
}

/** The price guide; fails the build if a job names a service with no file. */
export async function getPriceGuide(): Promise<PriceGuide> {
  const [entry, services] = await Promise.all([getEntry("priceGuide", "guide"), getServices()]);
  if (!entry) throw new Error("content/price-guide.yaml must hold one entry, `guide`");
  assertPriceGuideServices(
    entry.data,
    services.map((service) => service.id),
  );
  return entry.data;
}

/** The price guide's jobs that belong to a service page (for its link to the guide). */
export async function getPriceGuideJobsFor(serviceSlug: string) {
  return (await getPriceGuide()).jobs.filter((job) => job.service === serviceSlug);
}
