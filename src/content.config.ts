import { defineCollection } from "astro:content";
import { file, glob } from "astro/loaders";
import {
  AreaSchema,
  BusinessSchema,
  CarouselCategorySchema,
  FaqItemSchema,
  LegalPageSchema,
  PriceGuideSchema,
  ReviewPolicySchema,
  ServiceSchema,
  TestimonialSchema,
  TownSchema,
} from "./lib/content-schemas";

/**
 * Collections of content/. The schemas live in src/lib/content-schemas.ts so unit tests can
 * validate fixtures with them; cross-file rules (slugs, references) are checked in
 * src/utils/content.ts, which every page reads through.
 */

/** The file name without ".md", unchanged, so a bad name is reported rather than silently slugified. */
const fileNameId = ({ entry }: { entry: string }) => entry.replace(/\.md$/, "");

const business = defineCollection({ loader: file("content/business.yaml"), schema: BusinessSchema });

/** One Markdown file per service; the file name is the slug. */
const services = defineCollection({
  loader: glob({ pattern: "*.md", base: "content/services", generateId: fileNameId }),
  schema: ServiceSchema,
});

const areas = defineCollection({ loader: file("content/areas.yaml"), schema: AreaSchema });

/** One YAML file per town served; the file name is the slug (checked against `slug`). */
const towns = defineCollection({
  loader: glob({
    pattern: "*.yaml",
    base: "content/towns",
    generateId: ({ entry }) => entry.replace(/\.yaml$/, ""),
  }),
  schema: TownSchema,
});

const testimonials = defineCollection({
  loader: file("content/testimonials.yaml"),
  schema: TestimonialSchema,
});

const faq = defineCollection({ loader: file("content/faq.yaml"), schema: FaqItemSchema });

const carousel = defineCollection({
  loader: file("content/carousel.yaml"),
  schema: CarouselCategorySchema,
});

/** Privacy policy, terms of service and cookie policy; the file name is the route. */
const legal = defineCollection({
  loader: glob({ pattern: "*.md", base: "content/legal", generateId: fileNameId }),
  schema: LegalPageSchema,
});

/** The owner's price guide (/price-guide): one entry, `guide`; the functions read the same file. */
const priceGuide = defineCollection({ loader: file("content/price-guide.yaml"), schema: PriceGuideSchema });
/** How reviews are asked for and shown, and how fake reviews are handled (/review-policy). */
const reviewPolicy = defineCollection({
  loader: glob({ pattern: "review-policy.md", base: "content", generateId: fileNameId }),
  schema: ReviewPolicySchema,
});

export const collections = {
  business,
  services,
  areas,
  towns,
  testimonials,
  faq,
  carousel,
  legal,
  priceGuide,
  reviewPolicy,
};
