/**
 * The price guide range a quote carries, as the server stores it and the lead desk reads it back
 * (netlify/lib/quote/estimate.ts computes it). Browser-safe and dependency-free.
 */
import { pickAnswers, type GuideAnswers } from "./answers.ts";

/** What a quote keeps of the guide the visitor saw. */
export interface StoredEstimate {
  job: string;
  /** The job's label, e.g. "Roughcast". */
  label: string;
  /** The other answers in words, e.g. "Semi-detached house · Two storeys · Easy to reach · Wet dash (harling)". */
  details: string;
  answers: GuideAnswers;
  /** Pounds, VAT included. */
  low: number;
  /** null for a job that cannot be priced without photos ("from £low"). */
  high: number | null;
  photosNeeded: boolean;
  /** When the guide was last reviewed (yyyy-mm-dd). */
  reviewed: string;
}

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
