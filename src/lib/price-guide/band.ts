/**
 * The one calculation of the price guide: a visitor's answers and the owner's bands
 * (content/price-guide.yaml) give a range in pounds, VAT included. The /price-guide page, the
 * summary on /contact, the server (which recomputes the range a quote carries) and the tests all
 * call computeBand, so the range a visitor sees is the range the owner is shown.
 *
 * Pure and browser-safe: no zod, no Node APIs (only types come from the schemas).
 */
import type { PriceChoice, PriceGuide, PriceJob } from "./guide-schema.ts";
import { ANSWER_KEYS, PROPERTY_TYPE_IDS, type AnswerKey, type GuideAnswers } from "./answers.ts";

/** What the calculation needs of the guide: the page and /contact embed only this. */
export type PricingJob = Omit<PriceJob, "summary" | "includes" | "excludes" | "couldChange">;
export interface PricingData {
  reviewed: string;
  propertyTypes: PriceGuide["propertyTypes"];
  storeys: PriceChoice[];
  access: PriceChoice[];
  jobs: PricingJob[];
}

export function pricingData(guide: PriceGuide): PricingData {
  return {
    reviewed: guide.reviewed,
    propertyTypes: guide.propertyTypes,
    storeys: guide.storeys,
    access: guide.access,
    jobs: guide.jobs.map(({ summary: _s, includes: _i, excludes: _e, couldChange: _c, ...job }) => job),
  };
}

/** A computed range, as shown to the visitor and stored with the quote. */
export interface GuideBand {
  job: string;
  /** The job's label, e.g. "Roughcast". */
  label: string;
  /** The other answers' labels, e.g. "Semi-detached house · Two storeys · Easy to reach · Wet dash (harling)". */
  details: string;
  /** Exactly the answers the job asks for. */
  answers: GuideAnswers;
  low: number;
  /** null when the job cannot be priced without photos: then `low` is a "from" price. */
  high: number | null;
  photosNeeded: boolean;
  /** The day the guide was last reviewed (yyyy-mm-dd). */
  reviewed: string;
  timeOnSite: string;
  /** The service page and the quote form's service for this job. */
  service: string;
  quoteService: string;
}

export type BandResult =
  | { ok: true; band: GuideBand }
  /** `incomplete`: a question the job asks is unanswered; `unknown`: an answer names nothing in the guide. */
  | { ok: false; reason: "incomplete" | "unknown"; message: string };

/** The questions a job asks, in order: job and property always, then storeys, access, finish. */
export function questionsFor(job: PricingJob): AnswerKey[] {
  return ANSWER_KEYS.filter(
    (key) =>
      (key !== "storeys" || job.usesStoreys) &&
      (key !== "access" || job.usesAccess) &&
      (key !== "finish" || job.finish !== undefined),
  );
}

/** Rounding step: £10 under £1,000, £50 under £10,000, £100 from there. */
export function roundingStep(amount: number): number {
  return amount < 1000 ? 10 : amount < 10_000 ? 50 : 100;
}

// The small epsilon keeps 287.5000001 from rounding up past an exact multiple after floating point.
const roundDown = (amount: number) => {
  const step = roundingStep(amount);
  return Math.floor(amount / step + 1e-9) * step;
};
const roundUp = (amount: number) => {
  const step = roundingStep(amount);
  return Math.ceil(amount / step - 1e-9) * step;
};

const factor = (percent: number) => 1 + percent / 100;

/**
 * The range for `answers`. Strict by default: an answer to a question the job does not ask is
 * `unknown` (the server refuses it). With `lenient`, such answers are dropped instead (the page and
 * /contact, whose form may carry answers to questions a later choice hid).
 */
export function computeBand(
  guide: PricingData,
  input: GuideAnswers,
  options: { lenient?: boolean } = {},
): BandResult {
  const unknown = (message: string): BandResult => ({ ok: false, reason: "unknown", message });
  const incomplete = (message: string): BandResult => ({ ok: false, reason: "incomplete", message });

  if (!input.job) return incomplete("Choose what needs doing");
  const job = guide.jobs.find((candidate) => candidate.id === input.job);
  if (!job) return unknown(`The price guide has no job "${input.job}"`);

  const asked = questionsFor(job);
  const answers: GuideAnswers = {};
  for (const key of ANSWER_KEYS) {
    const value = input[key];
    if (value === undefined) continue;
    if (asked.includes(key)) answers[key] = value;
    else if (!options.lenient) return unknown(`${job.label} has no "${key}" question`);
  }
  const missing = asked.find((key) => answers[key] === undefined);

  const property = PROPERTY_TYPE_IDS.find((id) => id === answers.property);
  if (answers.property !== undefined && !property)
    return unknown(`The price guide has no property type "${answers.property}"`);

  const pick = (choices: readonly PriceChoice[], key: AnswerKey): PriceChoice | undefined | null => {
    const value = answers[key];
    if (value === undefined) return undefined;
    return choices.find((choice) => choice.id === value) ?? null;
  };
  const storeys = pick(guide.storeys, "storeys");
  if (storeys === null) return unknown(`The price guide has no storeys choice "${answers.storeys}"`);
  const access = pick(guide.access, "access");
  if (access === null) return unknown(`The price guide has no access choice "${answers.access}"`);
  const finish = pick(job.finish?.choices ?? [], "finish");
  if (finish === null) return unknown(`${job.label} has no finish "${answers.finish}"`);

  if (missing || !property) return incomplete(`Answer every question for ${job.label}`);

  const type = guide.propertyTypes[property];
  const base = job.bands[property];
  let multiplier = 1;
  if (storeys) {
    const usual = guide.storeys.find((choice) => choice.id === type.usualStoreys);
    multiplier *= factor(storeys.percent) / factor(usual?.percent ?? 0);
  }
  if (access) multiplier *= factor(access.percent);
  if (finish) multiplier *= factor(finish.percent);

  const photosNeeded = base.photosNeeded || base.high === undefined || Boolean(finish?.photosNeeded);
  const chosen = [storeys, access, finish].filter((choice): choice is PriceChoice => Boolean(choice));
  return {
    ok: true,
    band: {
      job: job.id,
      label: job.label,
      details: [type.label, ...chosen.map((choice) => choice.label)].join(" · "),
      answers,
      low: roundDown(base.low * multiplier),
      high: photosNeeded ? null : roundUp((base.high ?? base.low) * multiplier),
      photosNeeded,
      reviewed: guide.reviewed,
      timeOnSite: job.timeOnSite,
      service: job.service,
      quoteService: job.quoteService,
    },
  };
}
