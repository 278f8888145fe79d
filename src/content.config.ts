import { defineCollection } from "astro:content";
import { file, glob } from "./lib/content-editor/sources";
import { withOwnerMessagesAll } from "./lib/content-editor/owner-messages";
import {
  AreaSchema,
  BusinessSchema,
  CarouselCategorySchema,
  FaqItemSchema,
  LegalPageSchema,
  ReviewPolicySchema,
  ServiceSchema,
  TestimonialSchema,
  TownSchema,
} from "./lib/content-schemas";
import { PriceGuideSchema } from "./lib/price-guide/guide-schema";
import { VisitAvailabilitySchema } from "./lib/visits/availability-schema";

/**
 * Collections of content/. The schemas live in src/lib/content-schemas.ts (the price guide's and
 * the visit availability's, which the functions use too, in zod/mini beside their features) so
 * unit tests can validate fixtures with them; cross-file rules (slugs, references) are checked in
 * src/utils/content.ts, which every page reads through.
 *
 * `file` and `glob` are Astro's loaders that also tell the content editor (/admin/) where each
 * collection lives: its config is generated from the collections below and their schemas
 * (src/lib/content-editor/), so a collection added here can be edited there with no further work.
 * The order here is the order of the editor's collection list.
 */

/** The file name without its extension, unchanged, so a bad name is reported rather than silently slugified. */
const fileNameId = ({ entry }: { entry: string }) => entry.replace(/\.(md|yaml)$/, "");

/** A folder of content/ with one entry a file, named by its file name (`fileNameId`). */
const folder = (base: string, pattern: "*.md" | "*.yaml") => glob({ pattern, base, generateId: fileNameId });

const business = defineCollection({ loader: file("content/business.yaml"), schema: BusinessSchema });

/** One YAML file per question; the file name is the id. */
const faq = defineCollection({ loader: folder("content/faq", "*.yaml"), schema: FaqItemSchema });

/** One Markdown file per service; the file name is the slug. */
const services = defineCollection({ loader: folder("content/services", "*.md"), schema: ServiceSchema });

/** One YAML file per town served; the file name is the slug (checked against `slug`). */
const towns = defineCollection({ loader: folder("content/towns", "*.yaml"), schema: TownSchema });

/** One YAML file per review. */
const testimonials = defineCollection({
  loader: folder("content/testimonials", "*.yaml"),
  schema: TestimonialSchema,
});

const carousel = defineCollection({
  loader: file("content/carousel.yaml"),
  schema: CarouselCategorySchema,
});

const areas = defineCollection({ loader: file("content/areas.yaml"), schema: AreaSchema });

/** Privacy policy, terms of service and cookie policy; the file name is the route. */
const legal = defineCollection({ loader: folder("content/legal", "*.md"), schema: LegalPageSchema });

/** The owner's price guide (/price-guide): one entry, `guide`; the functions read the same file. */
const priceGuide = defineCollection({ loader: file("content/price-guide.yaml"), schema: PriceGuideSchema });
/** When survey visits can be booked online (/visit/{token}): one entry, `availability`. */
const visitAvailability = defineCollection({
  loader: file("content/visits.yaml"),
  schema: VisitAvailabilitySchema,
});
/** How reviews are asked for and shown, and how fake reviews are handled (/review-policy). */
const reviewPolicy = defineCollection({
  loader: folder("content/review-policy", "*.md"),
  schema: ReviewPolicySchema,
});

/** Every schema reports a refused edit in the owner's words (src/lib/content-editor/owner-messages.ts). */
export const collections = withOwnerMessagesAll({
  business,
  faq,
  services,
  towns,
  testimonials,
  carousel,
  areas,
  legal,
  priceGuide,
  reviewPolicy,
  visitAvailability,
});
