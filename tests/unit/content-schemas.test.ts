import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  AreaSchema,
  BUILT_IN_SERVICE_SLUGS,
  BusinessSchema,
  CarouselCategorySchema,
  FaqItemSchema,
  LegalPageSchema,
  ReviewPolicySchema,
  ServiceSchema,
  TestimonialSchema,
  assertCarouselReferences,
  assertServiceSlugs,
} from "../../src/lib/content-schemas";

const service = {
  name: "Roof Repairs",
  icon: "hammer",
  order: 1,
  shortDescription: "Fast, lasting repairs for slipped slates and leaks.",
  detailedDescription: "First line of the detailed description.\nSecond line of it.",
  accent: "brand",
  services: ["Slipped slates"],
  extraFeatures: ["Emergency leak repair"],
  warranty: "5-year guarantee on all repairs",
};

const business = {
  name: "Glenbrae Roofing & Roughcasting",
  shortName: "Glenbrae Roofing",
  phone: "07700 900412",
  email: "info@glenbrae-roofing.co.uk",
  whatsapp: "447700900412",
  address: {
    street: "4 Main Street",
    locality: "Kippen",
    region: "Stirlingshire",
    postcode: "FK8 3DN",
    country: "GB",
  },
  geo: { latitude: 56.1, longitude: -4.1 },
  workingHours: {
    weekdays: "Mon-Fri 9:00 AM-5:00 PM",
    saturday: "Emergency only",
    sunday: "Emergency only",
    emergency: "Emergency service always available",
    whatsapp: "7AM-8PM",
  },
  priceRange: "££",
  vatNumber: "GB 123 4567 89",
  quoteTerms: {
    payment: "The balance is due within 7 days of the work being completed, by bank transfer.",
    guarantees: [
      { work: "Repairs", years: 5 },
      { work: "New roofs", years: 10 },
    ],
    guaranteeConditions: "The guarantee covers our workmanship and the materials we supplied.",
    complaints: "Tell us first and we will reply within 5 working days and try to put it right.",
    cancellationNotice:
      "You have the right to cancel this contract within 14 days without giving any reason.",
    cancellationForm:
      "(Complete and return this form only if you wish to withdraw from the contract) To {trader}:",
  },
  foundedYear: 2009,
  reviewUrl: "https://g.page/r/glenbrae/review",
};

const testimonial = {
  name: "Morag",
  location: "Stirling",
  job: "Ridge re-bedded after storm damage",
  month: "2025-02",
  publishedOn: { site: "Google", url: "https://www.google.com/maps/reviews/morag" },
  rating: 5,
  review: "The team made the roof watertight the same afternoon and came back to finish.",
  order: 1,
};

const faq = {
  category: "warranty",
  question: "What guarantee do you give?",
  answer: "Repairs come with a 5-year guarantee.",
  order: 1,
};

const carousel = {
  title: "Repair Services",
  order: 1,
  icon: "hammer",
  description: "Leaks and storm damage put right quickly.",
  items: [{ label: "Roof Repairs", service: "roof-repairs" }, { label: "Leak Repairs" }],
};

const legal = {
  title: "Privacy Policy",
  description: "How we handle your personal information.",
  lastUpdated: "January 2024",
};
const area = { name: "Scotland", order: 1, areas: "Stirling and all of Scotland", postcodes: "FK, G" };

type Case = [label: string, schema: z.ZodType, input: unknown, problem?: RegExp];

/** Valid fixtures have no `problem`; invalid ones name the message the author sees. */
const cases: Case[] = [
  ["business: valid", BusinessSchema, business],
  ["business: bad phone", BusinessSchema, { ...business, phone: "12345" }, /UK number/],
  [
    "business: WhatsApp with plus sign",
    BusinessSchema,
    { ...business, whatsapp: "+447700900412" },
    /international form/,
  ],
  ["business: bad VAT number", BusinessSchema, { ...business, vatNumber: "123" }, /VAT number/],
  [
    "business: deposit-free terms still need the cancellation notice",
    BusinessSchema,
    { ...business, quoteTerms: { ...business.quoteTerms, cancellationNotice: undefined } },
    /cancellationNotice/,
  ],
  ["business: unknown field", BusinessSchema, { ...business, fax: "0" }, /fax/],
  ["business: no reviewUrl", BusinessSchema, { ...business, reviewUrl: undefined }, /reviewUrl/],
  ["business: plain-http reviewUrl", BusinessSchema, { ...business, reviewUrl: "http://g.page/r" }, /https/],
  ["service: valid", ServiceSchema, service],
  [
    "service: without optional fields",
    ServiceSchema,
    { ...service, detailedDescription: undefined, warranty: undefined, extraFeatures: undefined },
  ],
  [
    "service: unknown icon",
    ServiceSchema,
    { ...service, icon: "rocket" },
    /icon must be one of: home, hammer/,
  ],
  [
    "service: Tailwind classes instead of an accent name",
    ServiceSchema,
    { ...service, accent: "bg-brand-50 text-brand-800" },
    /accent must be one of: brand, accent, slate, red/,
  ],
  ["service: missing name", ServiceSchema, { ...service, name: undefined }, /name/],
  [
    "service: short description too short",
    ServiceSchema,
    { ...service, shortDescription: "Short" },
    /shortDescription/,
  ],
  ["service: empty bullet list", ServiceSchema, { ...service, services: [] }, /services/],
  ["service: unknown field", ServiceSchema, { ...service, price: 100 }, /price/],
  ["area: valid", AreaSchema, area],
  ["area: without postcodes", AreaSchema, { ...area, postcodes: undefined }],
  ["area: missing areas", AreaSchema, { ...area, areas: undefined }, /areas/],
  ["testimonial: valid", TestimonialSchema, testimonial],
  ["testimonial: rating above 5", TestimonialSchema, { ...testimonial, rating: 6 }, /rating/],
  ["testimonial: missing location", TestimonialSchema, { ...testimonial, location: undefined }, /location/],
  [
    "testimonial: full name",
    TestimonialSchema,
    { ...testimonial, name: "Morag Campbell" },
    /first name only/,
  ],
  ["testimonial: missing job", TestimonialSchema, { ...testimonial, job: undefined }, /job/],
  ["testimonial: month not yyyy-mm", TestimonialSchema, { ...testimonial, month: "Feb 2025" }, /yyyy-mm/],
  ["testimonial: month 13", TestimonialSchema, { ...testimonial, month: "2025-13" }, /yyyy-mm/],
  [
    "testimonial: no link to where it was published",
    TestimonialSchema,
    { ...testimonial, publishedOn: { site: "Google" } },
    /url/,
  ],
  [
    "testimonial: plain-http link",
    TestimonialSchema,
    { ...testimonial, publishedOn: { site: "Google", url: "http://example.com/r" } },
    /https/,
  ],
  ["faq: valid", FaqItemSchema, faq],
  [
    "faq: unknown category",
    FaqItemSchema,
    { ...faq, category: "billing" },
    /category must be one of: general, pricing/,
  ],
  [
    "faq: 'all' is the filter's, not an item's",
    FaqItemSchema,
    { ...faq, category: "all" },
    /category must be one of/,
  ],
  [
    "faq: question without question mark",
    FaqItemSchema,
    { ...faq, question: "Tell me about guarantees" },
    /question mark/,
  ],
  ["faq: missing answer", FaqItemSchema, { ...faq, answer: undefined }, /answer/],
  ["carousel: valid", CarouselCategorySchema, carousel],
  [
    "carousel: bad service slug",
    CarouselCategorySchema,
    { ...carousel, items: [{ label: "Roof Repairs", service: "Roof Repairs" }] },
    /must be a slug/,
  ],
  ["carousel: no items", CarouselCategorySchema, { ...carousel, items: [] }, /items/],
  ["carousel: unknown icon", CarouselCategorySchema, { ...carousel, icon: "star" }, /icon must be one of/],
  ["legal: valid", LegalPageSchema, legal],
  ["legal: other date", LegalPageSchema, { ...legal, lastUpdated: "March 2025" }, /January 2024/],
  ["legal: missing title", LegalPageSchema, { ...legal, title: undefined }, /title/],
  ["review policy: valid", ReviewPolicySchema, { ...legal, lastUpdated: "November 2026" }],
  ["review policy: no month", ReviewPolicySchema, { ...legal, lastUpdated: "2026" }, /month and year/],
];

describe("content schemas", () => {
  it.each(cases)("%s", (_label, schema, input, problem) => {
    const result = schema.safeParse(input);
    if (!problem) {
      expect(result.error?.issues).toBeUndefined();
      expect(result.success).toBe(true);
      return;
    }
    expect(result.success).toBe(false);
    const report = result
      .error!.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`)
      .join("\n");
    expect(report).toMatch(problem);
  });

  it("defaults extraFeatures to an empty list", () => {
    expect(ServiceSchema.parse({ ...service, extraFeatures: undefined }).extraFeatures).toEqual([]);
  });
});

describe("assertServiceSlugs", () => {
  it("accepts the 13 built-in slugs plus further well-formed ones", () => {
    expect(() => assertServiceSlugs([...BUILT_IN_SERVICE_SLUGS, "solar-panels"])).not.toThrow();
  });

  it.each([
    [
      "a malformed file name",
      [...BUILT_IN_SERVICE_SLUGS, "Roof_Repairs"],
      /Roof_Repairs\.md: file name must be a slug/,
    ],
    [
      "a missing built-in service",
      BUILT_IN_SERVICE_SLUGS.filter((s) => s !== "lead-work"),
      /lead-work\.md is missing/,
    ],
  ])("rejects %s", (_label, slugs, message) => {
    expect(() => assertServiceSlugs(slugs)).toThrow(message);
  });
});

describe("assertCarouselReferences", () => {
  const parsed = { id: "repair", data: CarouselCategorySchema.parse(carousel) };

  it("accepts items that name existing services or none", () => {
    expect(() => assertCarouselReferences([parsed], ["roof-repairs"])).not.toThrow();
  });

  it("names the item whose service has no file", () => {
    expect(() => assertCarouselReferences([parsed], ["emergency-repairs"])).toThrow(
      /repair → "Roof Repairs": service "roof-repairs" has no file/,
    );
  });
});
