/**
 * The price guide's one calculation (src/lib/price-guide/band.ts) over the real content: every job
 * with every answer it takes, a few ranges worked out by hand, the refusals the server relies on,
 * and the schema's rules for the content itself.
 */
import { readFileSync } from "node:fs";
import { parse } from "yaml";
import { describe, expect, test } from "vitest";
import { PriceGuideSchema, type PriceGuide } from "../../src/lib/price-guide/guide-schema";
import {
  ANSWER_KEYS,
  PROPERTY_TYPE_IDS,
  answersFromParams,
  answersToParams,
  pickAnswers,
  type GuideAnswers,
} from "../../src/lib/price-guide/answers";
import {
  computeBand,
  pricingData,
  questionsFor,
  roundingStep,
  type GuideBand,
  type PricingJob,
} from "../../src/lib/price-guide/band";
import { formatPounds, formatReviewed, guideShownText, rangeText } from "../../src/lib/price-guide/format";

const raw = (parse(readFileSync("content/price-guide.yaml", "utf8")) as { guide: unknown }).guide;
const guide: PriceGuide = PriceGuideSchema.parse(raw);

/** Every complete set of answers a job takes. */
function everyAnswer(job: PricingJob): GuideAnswers[] {
  const asked = questionsFor(job);
  const values: Record<string, string[]> = {
    job: [job.id],
    property: [...PROPERTY_TYPE_IDS],
    storeys: guide.storeys.map((choice) => choice.id),
    access: guide.access.map((choice) => choice.id),
    finish: job.finish?.choices.map((choice) => choice.id) ?? [],
  };
  return asked.reduce<GuideAnswers[]>(
    (sets, key) => sets.flatMap((set) => values[key]!.map((value) => ({ ...set, [key]: value }))),
    [{}],
  );
}

const band = (answers: GuideAnswers): GuideBand => {
  const result = computeBand(guide, answers);
  if (!result.ok) throw new Error(result.message);
  return result.band;
};

describe("every job with every answer it takes", () => {
  const rows = guide.jobs.flatMap((job) => everyAnswer(job).map((answers) => ({ job, answers })));

  test("the content has jobs for the trades the firm sells", () => {
    expect(guide.jobs.map((job) => job.id)).toEqual(
      expect.arrayContaining([
        "roof-repair",
        "ridge-pointing",
        "re-roof",
        "roughcast",
        "smooth-render",
        "gutters-roofline",
        "flat-roof",
        "chimney",
      ]),
    );
    expect(rows.length).toBeGreaterThan(300);
  });

  test.each(rows.map(({ job, answers }) => [Object.values(answers).join(" / "), job, answers] as const))(
    "%s",
    (_name, job, answers) => {
      const result = band(answers);
      expect(result.job).toBe(job.id);
      expect(result.label).toBe(job.label);
      expect(result.answers).toEqual(answers);
      expect(result.reviewed).toBe(guide.reviewed);
      expect(result.details).toContain(guide.propertyTypes[answers.property as "semi"].label);
      expect(questionsFor(job).length).toBeLessThanOrEqual(5);
      // Whole, rounded pounds; a range, never one figure, unless the job needs photos.
      expect(result.low % roundingStep(result.low)).toBe(0);
      expect(result.low).toBeGreaterThanOrEqual(50);
      if (result.photosNeeded) {
        expect(result.high).toBeNull();
      } else {
        expect(result.high).not.toBeNull();
        expect(result.high! % roundingStep(result.high!)).toBe(0);
        expect(result.high!).toBeGreaterThan(result.low);
        expect(result.high!).toBeLessThanOrEqual(100_000);
      }
      // 'From £X — photos needed' exactly when the band or the chosen finish says so.
      const base = job.bands[answers.property as "semi"];
      expect(result.photosNeeded).toBe(
        base.photosNeeded ||
          Boolean(job.finish?.choices.find((choice) => choice.id === answers.finish)?.photosNeeded),
      );
    },
  );

  test("more storeys and harder access never make a job cheaper", () => {
    const byPercent = [...guide.storeys].sort((a, b) => a.percent - b.percent).map((choice) => choice.id);
    const access = [...guide.access].sort((a, b) => a.percent - b.percent).map((choice) => choice.id);
    for (const { job, answers } of rows) {
      if (job.usesStoreys) {
        const index = byPercent.indexOf(answers.storeys!);
        if (index > 0) {
          const lower = band({ ...answers, storeys: byPercent[index - 1] });
          expect(band(answers).low).toBeGreaterThanOrEqual(lower.low);
        }
      }
      if (job.usesAccess) {
        const index = access.indexOf(answers.access!);
        if (index > 0) {
          const easier = band({ ...answers, access: access[index - 1] });
          expect(band(answers).low).toBeGreaterThanOrEqual(easier.low);
        }
      }
    }
  });
});

/**
 * A guide fixed for these tests, so the owner can change his figures in content/ without breaking
 * them: the same storeys and access rules as the content, two jobs.
 */
const fixture: PriceGuide = PriceGuideSchema.parse({
  reviewed: "2026-01-12",
  includedInEveryPrice: ["VAT at 20%"],
  propertyTypes: {
    terrace: { label: "Terraced house", usualStoreys: "two" },
    semi: { label: "Semi-detached house", usualStoreys: "two" },
    detached: { label: "Detached house", usualStoreys: "two" },
    bungalow: { label: "Bungalow", usualStoreys: "one" },
    flat: { label: "Flat", usualStoreys: "three" },
  },
  storeys: [
    { id: "one", label: "One storey", percent: 0 },
    { id: "two", label: "Two storeys", percent: 15 },
    { id: "three", label: "Three storeys or more", percent: 40 },
  ],
  access: [
    { id: "clear", label: "Easy to reach", percent: 0 },
    { id: "awkward", label: "Awkward to reach", percent: 15 },
  ],
  jobs: [
    {
      id: "roughcast",
      label: "Roughcast",
      summary: "Hack off and roughcast anew",
      service: "roughcasting",
      quoteService: "roughcasting",
      bands: {
        terrace: { low: 5500, high: 9000 },
        semi: { low: 7500, high: 12500 },
        detached: { low: 11000, high: 18500 },
        bungalow: { low: 6000, high: 10000 },
        flat: { low: 2500, photosNeeded: true },
      },
      finish: {
        question: "Which finish?",
        choices: [
          { id: "wet-dash", label: "Wet dash (harling)", percent: 0 },
          { id: "dry-dash", label: "Dry dash (pebbledash)", percent: 5 },
          { id: "tiles", label: "Tiles", percent: -10 },
          { id: "rebuild", label: "Rebuild", percent: 60, photosNeeded: true },
        ],
      },
      includes: ["Scaffolding"],
      excludes: ["Stone repairs"],
      couldChange: ["Loose stone"],
      timeOnSite: "1 to 2 weeks",
    },
    {
      id: "flat-roof",
      label: "Flat roof",
      summary: "Replace a flat roof covering",
      service: "flat-roofing",
      quoteService: "new-installation",
      usesStoreys: false,
      bands: {
        terrace: { low: 280, high: 850 },
        semi: { low: 2000, high: 4800 },
        detached: { low: 2500, high: 6500 },
        bungalow: { low: 2200, high: 5500 },
        flat: { low: 2500, high: 6000 },
      },
      finish: {
        question: "Which covering?",
        choices: [
          { id: "epdm", label: "EPDM rubber", percent: 0 },
          { id: "grp", label: "GRP fibreglass", percent: 10 },
        ],
      },
      includes: ["Disposal"],
      excludes: ["Joists"],
      couldChange: ["A rotten deck"],
      timeOnSite: "1 to 3 days",
    },
  ],
});

const fixtureBand = (answers: GuideAnswers): GuideBand => {
  const result = computeBand(fixture, answers);
  if (!result.ok) throw new Error(result.message);
  return result.band;
};

describe("ranges worked out by hand", () => {
  test.each([
    // A semi at its usual two storeys, easy access, the base finish: the band as written.
    [
      { job: "roughcast", property: "semi", storeys: "two", access: "clear", finish: "wet-dash" },
      7500,
      12500,
    ],
    // Three storeys on a house priced at two: 7,500 × 1.40 / 1.15 = 9,130 → 9,100 (down to £50);
    // 12,500 × 1.40 / 1.15 = 15,217 → 15,300 (up to £100).
    [
      { job: "roughcast", property: "semi", storeys: "three", access: "clear", finish: "wet-dash" },
      9100,
      15300,
    ],
    // A dormer bungalow, awkward, dry dash: 6,000 × 1.15 × 1.15 × 1.05 = 8,332 → 8,300; 10,000 × … = 13,886 → 13,900.
    [
      { job: "roughcast", property: "bungalow", storeys: "two", access: "awkward", finish: "dry-dash" },
      8300,
      13900,
    ],
    // One storey on a terrace priced at two, 10% off: 5,500 / 1.15 × 0.9 = 4,304 → 4,300; 9,000 / 1.15 × 0.9 = 7,043 → 7,050.
    [{ job: "roughcast", property: "terrace", storeys: "one", access: "clear", finish: "tiles" }, 4300, 7050],
    // A job that does not ask about storeys, under £1,000 (steps of £10): 280 × 1.15 × 1.1 = 354.2 → 350; 850 × 1.265 = 1,075.25 → 1,100.
    [{ job: "flat-roof", property: "terrace", access: "awkward", finish: "grp" }, 350, 1100],
  ] as const)("%j → £%i – £%i", (answers, low, high) => {
    const result = fixtureBand(answers);
    expect([result.low, result.high]).toEqual([low, high]);
    expect(result.photosNeeded).toBe(false);
  });

  /** Roughcast on a two-storey semi that is easy to reach; each test picks the finish. */
  const semi = { job: "roughcast", property: "semi", storeys: "two", access: "clear" };

  test("a choice that cannot be priced blind gives a 'from' price: 7,500 × 1.6 = 12,000", () => {
    const result = fixtureBand({ ...semi, finish: "rebuild" });
    expect(result).toMatchObject({ low: 12000, high: null, photosNeeded: true });
    expect(rangeText(result)).toBe("from £12,000 — photos needed");
  });

  test("a band that cannot be priced blind gives a 'from' price: a flat at its usual storeys", () => {
    const result = fixtureBand({ ...semi, property: "flat", storeys: "three", finish: "wet-dash" });
    expect(result).toMatchObject({ low: 2500, high: null, photosNeeded: true });
  });

  test("the label and details describe the answers in words", () => {
    const result = fixtureBand({ ...semi, finish: "wet-dash" });
    expect(result.label).toBe("Roughcast");
    expect(result.details).toBe("Semi-detached house · Two storeys · Easy to reach · Wet dash (harling)");
    expect(result).toMatchObject({
      service: "roughcasting",
      quoteService: "roughcasting",
      timeOnSite: "1 to 2 weeks",
    });
  });
});

describe("answers the guide cannot price", () => {
  const full = { job: "roughcast", property: "semi", storeys: "two", access: "clear", finish: "wet-dash" };
  test.each([
    ["an unknown job", { ...full, job: "demolition" }, "unknown"],
    ["an unknown property type", { ...full, property: "castle" }, "unknown"],
    ["an unknown storeys choice", { ...full, storeys: "ten" }, "unknown"],
    ["an unknown access choice", { ...full, access: "helicopter" }, "unknown"],
    ["a finish of another job", { ...full, finish: "epdm" }, "unknown"],
    ["an answer with the right name in another case", { ...full, job: "Roughcast" }, "unknown"],
    [
      "a question the job does not ask",
      { job: "gutter-clearing", property: "semi", storeys: "two", access: "clear", finish: "wet-dash" },
      "unknown",
    ],
    ["no job", { property: "semi" }, "incomplete"],
    ["no property type", { ...full, property: undefined }, "incomplete"],
    ["no finish where the job asks for one", { ...full, finish: undefined }, "incomplete"],
  ] as const)("%s is %s", (_name, answers, reason) => {
    const result = computeBand(fixture, answers);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toBe(reason);
  });

  test("lenient (the page and /contact) drops answers to questions the job does not ask", () => {
    const result = computeBand(
      fixture,
      { job: "flat-roof", property: "semi", storeys: "three", access: "clear", finish: "epdm" },
      { lenient: true },
    );
    expect(result.ok && result.band.answers).toEqual({
      job: "flat-roof",
      property: "semi",
      access: "clear",
      finish: "epdm",
    });
  });

  test("the pricing data the pages embed gives the same ranges as the whole guide", () => {
    const data = pricingData(guide);
    expect(JSON.parse(JSON.stringify(data))).toEqual(data);
    for (const job of guide.jobs) {
      for (const answers of everyAnswer(job))
        expect(computeBand(data, answers)).toEqual(computeBand(guide, answers));
    }
  });
});

describe("answers in forms, URLs and JSON", () => {
  test("pickAnswers keeps the five answers and drops prices and anything else", () => {
    expect(
      pickAnswers({
        job: " roughcast ",
        property: "semi",
        low: 1,
        high: "2",
        price: "£1",
        finish: 3,
        storeys: "",
      }),
    ).toEqual({ job: "roughcast", property: "semi" });
    expect(pickAnswers("roughcast")).toEqual({});
    expect(pickAnswers(null)).toEqual({});
    expect(pickAnswers(["job"])).toEqual({});
  });

  test("URL parameters round-trip in question order", () => {
    const answers = { finish: "epdm", job: "flat-roof", access: "clear", property: "semi" };
    const params = answersToParams(answers);
    expect(params.toString()).toBe("job=flat-roof&property=semi&access=clear&finish=epdm");
    expect(answersFromParams(new URLSearchParams(`service=guttering&${params}`))).toEqual(answers);
    expect(ANSWER_KEYS).toHaveLength(5);
  });
});

describe("formatting", () => {
  test.each([
    [0, "£0"],
    [950, "£950"],
    [3800, "£3,800"],
    [15300, "£15,300"],
    [1234567, "£1,234,567"],
  ])("formatPounds(%i) is %s", (amount, text) => expect(formatPounds(amount)).toBe(text));

  test("ranges and the owner's line", () => {
    expect(rangeText({ low: 3800, high: 5200 })).toBe("£3,800 – £5,200");
    expect(guideShownText({ low: 3800, high: 5200 })).toBe("Guide shown: £3,800 – £5,200");
    expect(guideShownText({ low: 350, high: null })).toBe("Guide shown: from £350 — photos needed");
  });

  test("the review date in words", () => {
    expect(formatReviewed("2026-01-12")).toBe("12 January 2026");
    expect(formatReviewed("2026-12-01")).toBe("1 December 2026");
    expect(formatReviewed("soon")).toBe("soon");
  });

  test("rounding steps", () => {
    expect([roundingStep(990), roundingStep(1000), roundingStep(9999), roundingStep(10_000)]).toEqual([
      10, 50, 50, 100,
    ]);
  });
});

describe("the schema refuses content that would mislead", () => {
  type Content = Record<string, unknown> & { jobs: Record<string, unknown>[] };
  const clone = (): Content => structuredClone(raw) as Content;
  const firstJob = (content: Content) =>
    content.jobs[0] as { bands: Record<string, Record<string, unknown>>; finish?: { choices: unknown[] } };

  test.each([
    [
      "one figure instead of a range",
      (c: Content): void => void (firstJob(c).bands.semi = { low: 500, high: 500 }),
      "a range, never one figure",
    ],
    [
      "high below low",
      (c: Content): void => void (firstJob(c).bands.semi = { low: 900, high: 500 }),
      "high must be more than low",
    ],
    [
      "no high without photos",
      (c: Content): void => void (firstJob(c).bands.semi = { low: 500 }),
      "high is needed",
    ],
    [
      "a high with photos",
      (c: Content): void => void (firstJob(c).bands.semi = { low: 500, high: 900, photosNeeded: true }),
      "leave high empty",
    ],
    [
      "pence",
      (c: Content): void => void (firstJob(c).bands.semi = { low: 500.5, high: 900 }),
      "whole pounds",
    ],
    [
      "a missing property type",
      (c: Content): void => {
        delete firstJob(c).bands.flat;
      },
      "flat",
    ],
    ["a date that is not yyyy-mm-dd", (c: Content): void => void (c.reviewed = "12/01/2026"), "yyyy-mm-dd"],
    ["a job id twice", (c: Content): void => void c.jobs.push(c.jobs[0]!), "used twice"],
    [
      "an unknown quote service",
      (c: Content): void => void (c.jobs[0]!.quoteService = "roofs"),
      "quoteService must be one of",
    ],
    [
      "usual storeys that do not exist",
      (c: Content): void =>
        void ((c.propertyTypes as Record<string, Record<string, string>>).semi!.usualStoreys = "seven"),
      "usualStoreys",
    ],
    ["an unknown field", (c: Content): void => void (c.vat = 20), "vat"],
  ] as const)("%s", (_name, change, message) => {
    const content = clone();
    change(content);
    const result = PriceGuideSchema.safeParse(content);
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toContain(message);
  });

  test("the content as written passes, reviewed on a real date", () => {
    expect(PriceGuideSchema.safeParse(raw).success).toBe(true);
    expect(Number.isNaN(Date.parse(guide.reviewed))).toBe(false);
  });
});
