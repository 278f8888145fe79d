/**
 * The questions of the price guide and the answers a visitor gives: the same names in the page's
 * form, the /contact URL, the `estimate` field of a quote request and the stored estimate.
 *
 * Browser-safe and dependency-free: the /price-guide and /contact scripts import it.
 */

/** At most five questions, in the order the page asks them. */
export const ANSWER_KEYS = ["job", "property", "storeys", "access", "finish"] as const;
export type AnswerKey = (typeof ANSWER_KEYS)[number];

/** A visitor's answers: each the id of a job, a property type or a choice in content/price-guide.yaml. */
export type GuideAnswers = Partial<Record<AnswerKey, string>>;

/** The five property types every job has a band for. */
export const PROPERTY_TYPE_IDS = ["terrace", "semi", "detached", "bungalow", "flat"] as const;
export type PropertyTypeId = (typeof PROPERTY_TYPE_IDS)[number];

/** Longest id an answer may name (ids in the content are shorter). */
export const ANSWER_MAX_LENGTH = 40;

/**
 * The answers in `input` (an object, e.g. parsed JSON): only the five answer keys with string
 * values, trimmed; anything else (prices, totals, unknown keys) is dropped.
 */
export function pickAnswers(input: unknown): GuideAnswers {
  const answers: GuideAnswers = {};
  if (typeof input !== "object" || input === null || Array.isArray(input)) return answers;
  const raw = input as Record<string, unknown>;
  for (const key of ANSWER_KEYS) {
    const value = raw[key];
    if (typeof value === "string" && value.trim() !== "") answers[key] = value.trim();
  }
  return answers;
}

/** The answers found in URL search parameters (the guide's form is sent to /contact by GET). */
export function answersFromParams(params: URLSearchParams): GuideAnswers {
  return pickAnswers(Object.fromEntries(ANSWER_KEYS.map((key) => [key, params.get(key) ?? ""])));
}

/** Search parameters for answers, in question order. */
export function answersToParams(answers: GuideAnswers): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ANSWER_KEYS) {
    const value = answers[key];
    if (value) params.set(key, value);
  }
  return params;
}

/** The multipart field of POST /api/contact that carries the answers, as JSON. */
export const ESTIMATE_FIELD = "estimate";
/** Longest `estimate` value the server reads (five short ids need a tenth of it). */
export const ESTIMATE_MAX_LENGTH = 1000;
