/**
 * The owner's price guide (content/price-guide.yaml, docs/price-guide.md) as a zod/mini schema:
 * bands per job and property type in pounds including VAT, the modifiers for storeys, access and
 * finish, and the date it was last reviewed. The build checks the file with it (src/content.config.ts)
 * and the quote function checks it again when it reads it (netlify/lib/price-guide/guide-content.ts),
 * so it is zod/mini, which costs a function's cold start little. Every field has limits and a
 * description, which the content editor's form shows. Browser-safe.
 */
import * as z from "zod/mini";
import "../zod-locale.ts";
import { PROPERTY_TYPE_IDS, type PropertyTypeId } from "./answers.ts";
import { SERVICE_OPTION_VALUES } from "../service-options.ts";
import { SLUG_MESSAGE, SLUG_PATTERN } from "../slug.ts";

const text = (min: number, max: number) => z.string().check(z.trim(), z.minLength(min), z.maxLength(max));

const GUIDE_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const guideId = (what: string) =>
  z
    .string()
    .check(
      z.maxLength(40),
      z.regex(GUIDE_ID_PATTERN, `${what} id must be lower-case letters and digits joined by hyphens`),
      z.describe(
        `The ${what}'s id: lower-case words joined by hyphens. It goes into links and stored quotes, so keep it once live`,
      ),
    );
const pounds = (describe: string) =>
  z
    .number()
    .check(z.int("amounts are whole pounds"), z.minimum(10), z.maximum(250_000), z.describe(describe));
const percent = z
  .number()
  .check(
    z.int(),
    z.minimum(-60),
    z.maximum(200),
    z.describe("Percent added to the price by this answer; negative takes off, 0 leaves it as it is"),
  );
const guideList = (describe: string, max = 8) =>
  z.array(text(3, 160)).check(z.minLength(1), z.maxLength(max), z.describe(describe));

/** One band: the likely lowest and highest price in pounds, VAT and unavoidable charges included. */
export const PriceBandSchema = z
  .strictObject({
    low: pounds(
      "Lowest likely price in £, including VAT and every charge the customer cannot avoid (scaffolding, disposal)",
    ),
    high: z.optional(
      pounds(
        "Highest likely price in £, including VAT and every unavoidable charge; leave empty when photos are needed",
      ),
    ),
    photosNeeded: z._default(
      z
        .boolean()
        .check(
          z.describe(
            "Tick when this job cannot be priced without photos: the page says 'from £low — photos needed'",
          ),
        ),
      false,
    ),
  })
  .check(
    z.superRefine((band, ctx) => {
      if (band.photosNeeded && band.high !== undefined)
        ctx.addIssue({ code: "custom", path: ["high"], message: "leave high empty when photos are needed" });
      if (!band.photosNeeded && band.high === undefined)
        ctx.addIssue({ code: "custom", path: ["high"], message: "high is needed unless photos are needed" });
      if (band.high !== undefined && band.high <= band.low)
        ctx.addIssue({
          code: "custom",
          path: ["high"],
          message: "high must be more than low: a range, never one figure",
        });
      if (band.high !== undefined && band.high > band.low * 4)
        ctx.addIssue({
          code: "custom",
          path: ["high"],
          message: "high may be at most four times low; narrow the band or mark photos needed",
        });
    }),
  );

/** An answer to one of the guide's questions and what it does to the price. */
export const PriceChoiceSchema = z.strictObject({
  id: guideId("choice"),
  label: text(2, 60).check(z.describe("What the visitor taps")),
  hint: z.optional(text(3, 140).check(z.describe("One short line under the label"))),
  percent,
  photosNeeded: z._default(
    z
      .boolean()
      .check(
        z.describe(
          "Tick when this answer cannot be priced without photos: the page says 'from £low — photos needed'",
        ),
      ),
    false,
  ),
});

const PropertyTypeSchema = z.strictObject({
  label: text(3, 40).check(z.describe("What the visitor taps, e.g. Semi-detached house")),
  hint: z.optional(text(3, 140).check(z.describe("One short line under the label"))),
  usualStoreys: guideId("storeys choice").check(
    z.describe("The storeys choice this property type's bands are priced for (one of the storeys ids)"),
  ),
});

const bandsDescription = (label: string) => `Price band for a ${label}, at its usual number of storeys`;

export const PriceJobSchema = z.strictObject({
  id: guideId("job"),
  label: text(3, 40).check(z.describe("The job as the visitor taps it, e.g. Roughcast")),
  summary: text(10, 120).check(z.describe("One line saying what the job is")),
  service: z
    .string()
    .check(
      z.regex(SLUG_PATTERN, SLUG_MESSAGE),
      z.describe("The service page this job belongs to (a file name in content/services/)"),
    ),
  quoteService: z
    .enum(SERVICE_OPTION_VALUES, {
      error: `quoteService must be one of: ${SERVICE_OPTION_VALUES.join(", ")}`,
    })
    .check(z.describe("The service chosen in the quote form when the visitor asks for a firm quote")),
  bands: z
    .strictObject(
      Object.fromEntries(
        PROPERTY_TYPE_IDS.map((id) => [id, PriceBandSchema.check(z.describe(bandsDescription(id)))]),
      ) as Record<PropertyTypeId, typeof PriceBandSchema>,
    )
    .check(z.describe("A band for each of the five property types")),
  usesStoreys: z._default(
    z
      .boolean()
      .check(
        z.describe(
          "Whether the number of storeys changes the price (untick for e.g. flat roofs over an extension)",
        ),
      ),
    true,
  ),
  usesAccess: z._default(z.boolean().check(z.describe("Whether awkward access changes the price")), true),
  finish: z.optional(
    z
      .strictObject({
        question: text(5, 60).check(z.describe("The question, e.g. Which finish?")),
        choices: z
          .array(PriceChoiceSchema)
          .check(z.minLength(2), z.maxLength(6), z.describe("The materials or finishes to choose from")),
      })
      .check(z.describe("A question about the material or finish, if the price depends on it")),
  ),
  includes: guideList("What the price includes for this job (the list every price includes is shown too)"),
  excludes: guideList("What the price does not include"),
  couldChange: guideList("What could change the price once we have seen the job"),
  timeOnSite: text(3, 60).check(z.describe("Typical time on site, e.g. 1 to 2 weeks")),
});

export const PriceGuideSchema = z
  .strictObject({
    reviewed: z.iso
      .date("reviewed must be a date written yyyy-mm-dd")
      .check(z.describe("The day the owner last checked every figure (yyyy-mm-dd); the page shows it")),
    includedInEveryPrice: guideList("What every price in the guide includes (VAT, scaffolding, disposal…)"),
    propertyTypes: z
      .strictObject(
        Object.fromEntries(PROPERTY_TYPE_IDS.map((id) => [id, PropertyTypeSchema])) as Record<
          PropertyTypeId,
          typeof PropertyTypeSchema
        >,
      )
      .check(z.describe("The five property types the visitor chooses from")),
    storeys: z
      .array(PriceChoiceSchema)
      .check(
        z.minLength(2),
        z.maxLength(4),
        z.describe("How many storeys: each percent is counted from the property type's usual storeys"),
      ),
    access: z
      .array(PriceChoiceSchema)
      .check(z.minLength(2), z.maxLength(4), z.describe("How easy the job is to reach")),
    jobs: z
      .array(PriceJobSchema)
      .check(z.minLength(1), z.maxLength(16), z.describe("The jobs the guide prices, in the order shown")),
  })
  .check(
    z.superRefine((guide, ctx) => {
      const duplicates = (ids: string[]) => ids.filter((id, index) => ids.indexOf(id) !== index);
      const report = (path: (string | number)[], message: string) =>
        ctx.addIssue({ code: "custom", path, message });
      for (const id of duplicates(guide.jobs.map((job) => job.id)))
        report(["jobs"], `job id "${id}" is used twice`);
      for (const id of duplicates(guide.storeys.map((choice) => choice.id)))
        report(["storeys"], `storeys id "${id}" is used twice`);
      for (const id of duplicates(guide.access.map((choice) => choice.id)))
        report(["access"], `access id "${id}" is used twice`);
      guide.jobs.forEach((job, index) => {
        for (const id of duplicates(job.finish?.choices.map((choice) => choice.id) ?? []))
          report(["jobs", index, "finish"], `choice id "${id}" is used twice in ${job.id}`);
      });
      const storeys = guide.storeys.map((choice) => choice.id);
      for (const id of PROPERTY_TYPE_IDS) {
        const usual = guide.propertyTypes[id].usualStoreys;
        if (!storeys.includes(usual))
          report(
            ["propertyTypes", id, "usualStoreys"],
            `usualStoreys "${usual}" is not one of the storeys ids (${storeys.join(", ")})`,
          );
      }
    }),
  );

export type PriceGuide = z.infer<typeof PriceGuideSchema>;
export type PriceJob = z.infer<typeof PriceJobSchema>;
export type PriceChoice = z.infer<typeof PriceChoiceSchema>;
export type PriceBand = z.infer<typeof PriceBandSchema>;

/** Throws a message naming every price guide job whose service has no file in content/services/. */
export function assertPriceGuideServices(guide: PriceGuide, serviceSlugs: readonly string[]): void {
  const problems = guide.jobs
    .filter((job) => !serviceSlugs.includes(job.service))
    .map(
      (job) =>
        `content/price-guide.yaml → ${job.id}: service "${job.service}" has no file in content/services/`,
    );
  if (problems.length > 0) throw new Error(problems.join("\n"));
}
