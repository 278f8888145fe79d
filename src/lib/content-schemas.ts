/**
 * Zod schemas for content/. src/content.config.ts builds the collections from them and the unit
 * tests feed them fixtures, so a typo in content/ fails both the build and the tests with the same
 * message. Only the build and the pages use these (classic zod); the two files the functions read
 * as well have zod/mini schemas of their own: src/lib/price-guide/guide-schema.ts and
 * src/lib/visits/availability-schema.ts.
 *
 * Browser-safe: no astro:*, no Node APIs, no React.
 */
import { z } from "zod";
import { SERVICE_ACCENT_NAMES } from "./service-accents.ts";
import { SERVICE_ICON_NAMES } from "./service-icons.ts";
import { SERVICE_OPTION_VALUES } from "./service-options.ts";
import { SLUG_MESSAGE, SLUG_PATTERN } from "./slug.ts";
import { COUNCIL_AREAS, MAX_TOWN_DISTANCE_MILES, POSTCODE_DISTRICT_PATTERN, milesBetween } from "./towns.ts";
import { TRADE_CANCELLATION_TEXT } from "./proposals/quote-document.ts";

export const SlugSchema = z.string().regex(SLUG_PATTERN, SLUG_MESSAGE);

/** The built-in services (docs/spec.md, Content and records): every one must have a file in content/services/. */
export const BUILT_IN_SERVICE_SLUGS = [
  "roof-repairs",
  "new-roof-installation",
  "roughcasting",
  "roof-maintenance",
  "guttering-services",
  "emergency-repairs",
  "flat-roofing",
  "chimney-services",
  "lead-work",
  "smooth-rendering",
  "guttering-fascias-soffits",
  "cleaning-maintenance",
  "reclaimed-slates",
] as const;

/** Throws a message naming every problem with the service file names (slugs). */
export function assertServiceSlugs(slugs: readonly string[]): void {
  const problems = [
    ...slugs
      .filter((slug) => !SLUG_PATTERN.test(slug))
      .map((slug) => `content/services/${slug}.md: file name must be a slug such as roof-repairs`),
    ...BUILT_IN_SERVICE_SLUGS.filter((slug) => !slugs.includes(slug)).map(
      (slug) => `content/services/${slug}.md is missing: it is one of the 13 built-in services`,
    ),
  ];
  if (problems.length > 0) throw new Error(problems.join("\n"));
}

const text = (min: number, max: number) => z.string().trim().min(min).max(max);

/*
 * `.meta({ title })` is the field's label in the content editor and in build errors, `.describe()`
 * its help line (src/lib/content-editor/fields.ts); a field without a title is labelled by its name.
 */

/**
 * The terms every written quote carries (docs/proposals.md, "The law"). The defaults in
 * content/business.yaml are the statutory wording of the Consumer Contracts Regulations 2013,
 * Schedule 3; `{trader}` in the cancellation texts is replaced by the business's name, address,
 * phone and e-mail.
 */
const termsText = (max: number) => z.string().trim().min(40).max(max);

export const QuoteTermsSchema = z
  .strictObject({
    payment: termsText(2000)
      .meta({ title: "Payment terms" })
      .describe("When the deposit and the balance are due and how to pay"),
    guarantees: z
      .array(
        z.strictObject({
          work: text(3, 60).meta({ title: "Work" }).describe("E.g. Repairs, or New roofs"),
          years: z.number().int().min(1).max(50).meta({ title: "Years" }),
          services: z
            .array(z.enum(SERVICE_OPTION_VALUES))
            .default([])
            .meta({ title: "Services" })
            .describe(
              "The services of the quote form this term applies to (e.g. new-installation); a service in no list takes the first term",
            ),
        }),
      )
      .min(1)
      .meta({ title: "Guarantees" })
      .describe("The guarantee's length by kind of work"),
    guaranteeConditions: termsText(2000)
      .meta({ title: "Guarantee conditions" })
      .describe("What the guarantee covers and what it does not"),
    complaints: termsText(2000).meta({ title: "How to complain" }),
    cancellationNotice: termsText(5000)
      .meta({ title: "Right to cancel" })
      .describe(
        "The statutory cancellation instructions; {trader} becomes the business's name, address, phone and e-mail",
      ),
    cancellationForm: termsText(3000)
      .meta({ title: "Model cancellation form" })
      .describe("The statutory model cancellation form; {trader} as above"),
    tradeCancellation: termsText(2000)
      .default(TRADE_CANCELLATION_TEXT)
      .meta({ title: "Cancelling, for trade customers" })
      .describe(
        "What a trade customer's quote says instead of the consumer's right to cancel, which a business customer does not have",
      ),
  })
  .meta({ title: "Quote terms" });

/** The VAT rates a price-list item may carry (src/lib/proposals/money.ts, VAT_RATES). */
const PRICE_LIST_VAT_RATES = [20, 5, 0];

/**
 * One item of the owner's price list (docs/proposals.md, "The price list"): the desk's quote form
 * offers it as a line, its price and rate filled in. `guaranteed: false` keeps it off the
 * guarantee certificate (scaffold, skip hire).
 */
export const PriceListItemSchema = z
  .strictObject({
    item: text(3, 120)
      .meta({ title: "Item" })
      .describe("As the quote's line reads, e.g. Replace broken slates"),
    unit: text(1, 20).meta({ title: "Unit" }).describe("What one is: each, m², metre, week"),
    price: z
      .number()
      .min(0)
      .max(1_000_000)
      .refine(
        (value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6,
        "price is in pounds and pence",
      )
      .meta({ title: "Price (£, without VAT)" })
      .describe("The price of one unit, without VAT"),
    vatRate: z
      .number()
      .refine((value) => PRICE_LIST_VAT_RATES.includes(value), "vatRate must be 20, 5 or 0")
      .default(20)
      .meta({ title: "VAT rate (%)" })
      .describe("20, 5 (e.g. energy-saving insulation) or 0"),
    guaranteed: z
      .boolean()
      .default(true)
      .meta({ title: "Guaranteed" })
      .describe("Off for what the guarantee does not cover, such as scaffold or skip hire"),
  })
  .meta({ title: "Price-list item" });

export const BusinessSchema = z
  .strictObject({
    name: z
      .string()
      .min(3)
      .meta({ title: "Trading name" })
      .describe("Shown in the header, footer and search results"),
    shortName: z.string().min(3).describe("Used at the end of every page title"),
    phone: z
      .string()
      .regex(/^0\d{3,4} ?\d{3} ?\d{3,4}$/, "phone must be a UK number such as 07700 900412")
      .meta({ title: "Phone number" })
      .describe("As people dial it, e.g. 07700 900412: every call button uses it"),
    email: z
      .email()
      .meta({ title: "E-mail address" })
      .describe("Shown on the site; new quote requests go here"),
    whatsapp: z
      .string()
      .regex(/^44\d{9,10}$/, "whatsapp must be digits in international form, e.g. 447700900412")
      .meta({ title: "WhatsApp number" })
      .describe("Digits only, 44 instead of the first 0, e.g. 447700900412"),
    address: z.strictObject({
      street: z.string(),
      locality: z.string().meta({ title: "Town or village" }),
      region: z.string(),
      postcode: z
        .string()
        .regex(/^[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}$/, "postcode must be a full UK postcode such as FK8 3DN"),
      country: z.literal("GB"),
    }),
    geo: z
      .strictObject({ latitude: z.number(), longitude: z.number() })
      .meta({ title: "Map position" })
      .describe("Of the yard; distances to the towns are measured from it"),
    workingHours: z.strictObject({
      weekdays: z.string().meta({ title: "Monday to Friday" }),
      saturday: z.string(),
      sunday: z.string(),
      emergency: z.string().meta({ title: "Emergencies" }),
      whatsapp: z.string().meta({ title: "WhatsApp" }),
    }),
    priceRange: z.string().describe("For search engines, e.g. ££"),
    foundedYear: z.number().int().min(1900).meta({ title: "Year founded" }),
    sameAs: z
      .array(z.url())
      .default([])
      .meta({ title: "Social profiles" })
      .describe(
        "Full web addresses of the official Facebook, Instagram or LinkedIn pages, for search engines",
      ),
    reviewUrl: z
      .url({ protocol: /^https$/, error: "reviewUrl must be an https:// address" })
      .meta({ title: "Review page" })
      .describe(
        "The business's public page where a customer writes a review (e.g. the Google Business Profile's \"Ask for reviews\" link); every review request e-mail links here",
      ),
    vatNumber: z
      .string()
      .regex(/^GB ?\d{3} ?\d{4} ?\d{2}$/, "vatNumber must be a UK VAT number such as GB 123 4567 89")
      .meta({ title: "VAT number" })
      .describe("Printed on every written quote, e.g. GB 123 4567 89"),
    registeredAddress: z
      .string()
      .trim()
      .min(10)
      .max(200)
      .optional()
      .meta({ title: "Registered address" })
      .describe(
        "Only when it differs from the address above (a company's registered office); shown on quotes",
      ),
    quoteTerms: QuoteTermsSchema,
    bank: z
      .strictObject({
        accountName: text(3, 70).meta({ title: "Account name" }),
        sortCode: z
          .string()
          .regex(/^\d{2}-\d{2}-\d{2}$/, "sortCode must be six digits in pairs, e.g. 12-34-56")
          .meta({ title: "Sort code" }),
        accountNumber: z
          .string()
          .regex(/^\d{8}$/, "accountNumber must be 8 digits")
          .meta({ title: "Account number" }),
      })
      .optional()
      .meta({ title: "Bank details" })
      .describe(
        "Where customers pay deposits and invoices by bank transfer; printed on invoices and payment requests",
      ),
    priceList: z
      .array(PriceListItemSchema)
      .max(200)
      .default([])
      .meta({ title: "Price list" })
      .describe("The items the desk offers when writing a quote; each line can still be changed"),
    accounting: z
      .strictObject({
        salesAccountCode: z
          .string()
          .regex(/^[A-Za-z0-9.-]{1,10}$/, "salesAccountCode must be an account code such as 200")
          .meta({ title: "Sales account code" })
          .describe("The code of the sales account in Xero's chart of accounts (200 in Xero's standard one)"),
      })
      .optional()
      .meta({ title: "Accounting" })
      .describe("How the accountant's Xero file of invoices codes its lines"),
  })
  .meta({ title: "Business details", description: "Phone, e-mail, WhatsApp, address and working hours" });

export const ServiceSchema = z
  .strictObject({
    name: text(3, 60).meta({ title: "Service name" }),
    icon: z
      .enum(SERVICE_ICON_NAMES, { error: `icon must be one of: ${SERVICE_ICON_NAMES.join(", ")}` })
      .describe("The picture on the service's card"),
    order: z.number().int().min(1).describe("Position in lists; the home page shows the first six"),
    shortDescription: text(20, 200).describe("One or two sentences for the service cards"),
    detailedDescription: z
      .string()
      .trim()
      .min(40)
      .optional()
      .describe("For the service's own page; each line is shown as its own paragraph"),
    accent: z
      .enum(SERVICE_ACCENT_NAMES, { error: `accent must be one of: ${SERVICE_ACCENT_NAMES.join(", ")}` })
      .meta({ title: "Accent colour" })
      .describe("The card's colour"),
    services: z
      .array(text(3, 80))
      .min(1)
      .meta({ title: "Inclusions" })
      .describe("What the service covers, one short line each"),
    extraFeatures: z.array(text(3, 80)).default([]).describe("One short line each"),
    warranty: text(10, 120).optional().describe("E.g. 5-year guarantee on all repairs"),
  })
  .meta({
    title: "Services",
    description: "One page per service; the 13 built-in services cannot be removed",
  });

export const AreaSchema = z
  .strictObject({
    name: text(3, 40),
    order: z.number().int().min(1),
    areas: text(3, 200).meta({ title: "Places" }),
    postcodes: text(1, 120).optional(),
  })
  .meta({
    title: "Broad areas",
    description: "The four areas on the home and contact pages and in the footer",
  });

/**
 * One town with its own page (content/towns/{slug}.yaml, docs/towns.md). The paragraphs are the
 * town's own: what is generally true of its houses, roofs, walls and weather. No statistics,
 * customers or reviews.
 */
export const TownSchema = z
  .strictObject({
    name: text(3, 40).meta({ title: "Town name" }).describe("The town's name as locals write it"),
    slug: SlugSchema.meta({ title: "Web address" }).describe(
      "Lower-case words joined by hyphens, e.g. bridge-of-allan: the page is /areas/{slug}, and the file is named after it",
    ),
    council: z
      .enum(COUNCIL_AREAS, { error: "council must be one of Scotland's 32 council areas (src/lib/towns.ts)" })
      .meta({ title: "Council area" })
      .describe("/areas groups the towns by it"),
    postcodes: z
      .array(z.string().regex(POSTCODE_DISTRICT_PATTERN, "postcodes must be districts such as FK8 or G63"))
      .min(1)
      .refine((list) => new Set(list).size === list.length, "postcodes must not repeat")
      .describe("Postcode districts covering the town"),
    distanceMiles: z
      .number()
      .min(0)
      .max(MAX_TOWN_DISTANCE_MILES)
      .meta({ title: "Miles from Kippen" })
      .describe("Straight-line miles from the base in Kippen, rounded"),
    geo: z
      .strictObject({ latitude: z.number().min(54.5).max(61), longitude: z.number().min(-8).max(-0.5) })
      .meta({ title: "Map position" })
      .describe("The town centre, roughly; nearby towns are found from it"),
    lead: text(60, 240)
      .meta({ title: "Banner sentence" })
      .describe("One sentence for the page's banner, about this town"),
    paragraphs: z
      .array(text(200, 1500))
      .min(2)
      .max(6)
      .describe("The town's own text: buildings, roofs, walls, weather and ground"),
  })
  .meta({ title: "Towns", description: "A page of its own under /areas for every town served" });
export type Town = z.infer<typeof TownSchema>;

/**
 * Throws a message naming every problem across the town files: a file name that differs from its
 * slug, or a distance that disagrees with the coordinates by more than 2 miles. The list of towns
 * is the folder itself (src/lib/towns.ts), so a new file is a new town.
 */
export function assertTowns(
  towns: readonly { id: string; data: Town }[],
  base: { latitude: number; longitude: number },
): void {
  const problems = [
    ...towns
      .filter((town) => town.id !== town.data.slug)
      .map((town) => `content/towns/${town.id}.yaml: slug "${town.data.slug}" must equal the file name`),
    ...towns
      .filter((town) => Math.abs(milesBetween(base, town.data.geo) - town.data.distanceMiles) > 2)
      .map(
        (town) =>
          `content/towns/${town.id}.yaml: distanceMiles ${town.data.distanceMiles} disagrees with geo (${milesBetween(base, town.data.geo).toFixed(1)} miles from the base)`,
      ),
  ];
  if (problems.length > 0) throw new Error(problems.join("\n"));
}

/** A first name: letters, with single hyphens or apostrophes between them (Mary-Jane, O'Neil). */
const FIRST_NAME = /^\p{L}+(?:[-'’]\p{L}+)*$/u;
/** A month as yyyy-mm. */
export const MONTH_PATTERN = /^\d{4}-(?:0[1-9]|1[0-2])$/;

/**
 * One customer review shown on the site (content/testimonials/*.yaml). Each is a real review,
 * published elsewhere with the customer's permission to show it here, chosen as the review policy
 * says (content/review-policy/review-policy.md); it shows who, where, what and when, and links to the original.
 */
export const TestimonialSchema = z
  .strictObject({
    name: z
      .string()
      .trim()
      .min(2)
      .max(30)
      .regex(FIRST_NAME, "name must be the customer's first name only, e.g. Morag")
      .describe("The customer's first name only, as they agreed to be shown"),
    location: text(2, 60).describe("The customer's town"),
    job: text(3, 80).describe("The job the review is about, e.g. 'Ridge re-bedded after storm damage'"),
    month: z
      .string()
      .regex(MONTH_PATTERN, "month must be the month of the review as yyyy-mm, e.g. 2025-02")
      .describe("When the review was written, as yyyy-mm; shown as month and year"),
    publishedOn: z
      .strictObject({
        site: text(2, 40).describe("Where the review was published, e.g. Google"),
        url: z
          .url({ protocol: /^https$/, error: "publishedOn.url must be an https:// address" })
          .describe("Link to the review where it was published"),
      })
      .describe("Where the review was first published: shown as a link under it"),
    rating: z.number().int().min(1).max(5).describe("The stars the customer gave there, 1 to 5"),
    review: text(40, 600).describe("The customer's words as published, unedited"),
    order: z
      .number()
      .int()
      .min(1)
      .describe("Breaks ties between reviews of the same month; the site shows the newest first"),
  })
  .meta({ title: "Testimonials", description: "Customer reviews on the home page, with their permission" });

/** FAQ categories in the order of the filter buttons; "all" is the filter's own, not an item's. */
export const FAQ_CATEGORIES = [
  { id: "general", label: "General" },
  { id: "pricing", label: "Pricing & Quotes" },
  { id: "services", label: "Services" },
  { id: "emergency", label: "Emergency" },
  { id: "warranty", label: "Warranty & Insurance" },
] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number]["id"];
const FAQ_CATEGORY_IDS = FAQ_CATEGORIES.map((c) => c.id) as [FaqCategory, ...FaqCategory[]];

export const FaqItemSchema = z
  .strictObject({
    category: z
      .enum(FAQ_CATEGORY_IDS, { error: `category must be one of: ${FAQ_CATEGORY_IDS.join(", ")}` })
      .meta({ options: FAQ_CATEGORIES.map(({ id, label }) => ({ value: id, label })) })
      .describe("The filter button it is listed under on /faq"),
    question: text(10, 160).endsWith("?", "question must end with a question mark"),
    answer: text(20, 900),
    order: z.number().int().min(1).describe("Position on /faq"),
  })
  .meta({ title: "Questions (FAQ)", description: "The questions and answers on /faq" });

/** One card of the services-page carousel (docs/spec.md, Services). */
export const CarouselCategorySchema = z
  .strictObject({
    title: text(3, 40),
    order: z.number().int().min(1),
    icon: z.enum(SERVICE_ICON_NAMES, { error: `icon must be one of: ${SERVICE_ICON_NAMES.join(", ")}` }),
    description: text(20, 200),
    items: z
      .array(
        z.strictObject({
          label: text(3, 60),
          service: SlugSchema.optional()
            .meta({ title: "Service page" })
            .describe("The service page's web address (e.g. roof-repairs) this item links to, if it has one"),
        }),
      )
      .min(1),
  })
  .meta({ title: "Services carousel", description: "The four category cards at the top of /services" });

/** Throws a message naming every carousel item that links to a service with no file. */
export function assertCarouselReferences(
  categories: readonly { id: string; data: z.infer<typeof CarouselCategorySchema> }[],
  serviceSlugs: readonly string[],
): void {
  const problems = categories.flatMap(({ id, data }) =>
    data.items
      .filter((item) => item.service !== undefined && !serviceSlugs.includes(item.service))
      .map(
        (item) =>
          `content/carousel.yaml → ${id} → "${item.label}": service "${item.service}" has no file in content/services/`,
      ),
  );
  if (problems.length > 0) throw new Error(problems.join("\n"));
}

export const LegalPageSchema = z
  .strictObject({
    title: text(5, 60),
    description: text(20, 200).describe("For search results"),
    lastUpdated: z.literal(
      "January 2024",
      "lastUpdated must read 'January 2024' (docs/spec.md, Legal pages)",
    ),
  })
  .meta({ title: "Legal pages", description: "Privacy policy, terms of service and cookie policy" });

const MONTH_NAMES = "January|February|March|April|May|June|July|August|September|October|November|December";

/**
 * The review policy (content/review-policy/review-policy.md): how reviews are asked for, how the testimonials
 * shown are chosen and how fake reviews are handled. Unlike the legal pages it carries its own date.
 */
export const ReviewPolicySchema = z
  .strictObject({
    title: text(5, 60).describe("The page's heading and title"),
    description: text(20, 200).describe("The page's meta description"),
    lastUpdated: z
      .string()
      .regex(
        new RegExp(`^(?:${MONTH_NAMES}) \\d{4}$`),
        "lastUpdated must be a month and year, e.g. November 2026",
      )
      .describe("When the policy last changed, e.g. November 2026"),
  })
  .meta({ title: "Review policy", description: "How reviews are asked for and shown (/review-policy)" });

export type Service = z.infer<typeof ServiceSchema>;
export type Testimonial = z.infer<typeof TestimonialSchema>;
export type FaqItem = z.infer<typeof FaqItemSchema>;
export type CarouselCategory = z.infer<typeof CarouselCategorySchema>;
