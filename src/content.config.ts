import { defineCollection } from "astro:content";
import { file, glob } from "astro/loaders";
import { z } from "astro/zod";
import { SERVICE_ICON_NAMES } from "./lib/service-icons";

const business = defineCollection({
  loader: file("content/business.yaml"),
  schema: z.strictObject({
    name: z.string().min(3).describe("Trading name shown in the header, footer and JSON-LD"),
    shortName: z.string().min(3),
    phone: z.string().regex(/^0\d{3,4} ?\d{3} ?\d{3,4}$/, "phone must be a UK number such as 07700 900412"),
    email: z.email(),
    whatsapp: z
      .string()
      .regex(/^44\d{9,10}$/, "whatsapp must be digits in international form, e.g. 447700900412"),
    address: z.strictObject({
      street: z.string(),
      locality: z.string(),
      region: z.string(),
      postcode: z.string().regex(/^[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}$/),
      country: z.literal("GB"),
    }),
    geo: z.strictObject({ latitude: z.number(), longitude: z.number() }),
    workingHours: z.strictObject({
      weekdays: z.string(),
      saturday: z.string(),
      sunday: z.string(),
      emergency: z.string(),
      whatsapp: z.string(),
    }),
    priceRange: z.string(),
    foundedYear: z.number().int().min(1900),
    sameAs: z
      .array(z.url())
      .default([])
      .describe(
        "Official profiles (Facebook, Instagram, LinkedIn…) for the JSON-LD sameAs; empty until they exist",
      ),
  }),
});

/** One Markdown file per service; the file name is the slug. */
const services = defineCollection({
  loader: glob({ pattern: "*.md", base: "content/services" }),
  schema: z.strictObject({
    name: z.string().min(3).max(60),
    icon: z.enum(SERVICE_ICON_NAMES).describe("Icon name; see src/lib/service-icons.ts"),
    order: z.number().int().min(1).describe("Position in lists; the home page shows the first six"),
    shortDescription: z.string().min(20).max(200),
    detailedDescription: z
      .string()
      .min(40)
      .optional()
      .describe("Multi-line text; each line is shown as its own paragraph"),
    color: z.string().describe("Tailwind classes for the card accent"),
    hoverColor: z.string(),
    services: z.array(z.string().min(3)).min(1).describe("Bullets used by carousel categories"),
    extraFeatures: z.array(z.string().min(3)).default([]),
    warranty: z.string().min(10).optional(),
  }),
});

const areas = defineCollection({
  loader: file("content/areas.yaml"),
  schema: z.strictObject({
    name: z.string().min(3),
    order: z.number().int().min(1),
    areas: z.string().min(3),
    postcodes: z.string().optional(),
  }),
});

export const collections = { business, services, areas };
