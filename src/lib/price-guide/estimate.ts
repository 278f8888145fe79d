/**
 * The price guide range a quote carries, as the server stores it and the lead desk reads it back
 * (netlify/lib/quote/estimate.ts computes it). Browser-safe and dependency-free.
 */
import { pickAnswers } from "./answers.ts";
import type { GuideBand } from "./band.ts";

/** What a quote keeps of the guide the visitor saw: the band without its page-only details. */
export type StoredEstimate = Pick<
  GuideBand,
  "job" | "label" | "details" | "answers" | "low" | "high" | "photosNeeded" | "reviewed"
>;

/** A stored estimate read back (records are JSON): the shape checked, else undefined. */
export function storedEstimate(value: unknown): StoredEstimate | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const e = value as Partial<StoredEstimate>;
  const ok =
    typeof e.job === "string" &&
    typeof e.label === "string" &&
    typeof e.low === "number" &&
    (e.high === null || typeof e.high === "number") &&
    typeof e.reviewed === "string";
  if (!ok) return undefined;
  return {
    job: e.job!,
    label: e.label!,
    details: typeof e.details === "string" ? e.details : "",
    answers: pickAnswers(e.answers),
    low: e.low!,
    high: e.high ?? null,
    photosNeeded: e.photosNeeded === true || e.high === null,
    reviewed: e.reviewed!,
  };
}
