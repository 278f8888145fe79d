import { getCollection } from "astro:content";
import { assertCarouselReferences, assertServiceSlugs } from "../lib/content-schemas";

/** Every service, in `order`; fails the build if a slug is malformed or a built-in one is missing. */
export async function getServices() {
  const entries = await getCollection("services");
  assertServiceSlugs(entries.map((entry) => entry.id));
  return entries.sort((a, b) => a.data.order - b.data.order || a.id.localeCompare(b.id));
}

export async function getAreas() {
  return (await getCollection("areas")).sort((a, b) => a.data.order - b.data.order);
}

export async function getTestimonials() {
  return (await getCollection("testimonials")).sort((a, b) => a.data.order - b.data.order);
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
