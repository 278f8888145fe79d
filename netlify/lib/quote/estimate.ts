/**
 * The optional `estimate` of a quote request: the visitor's price guide answers, as JSON. The
 * server works the range out again from content/price-guide.yaml with the page's own calculation
 * and stores that, so a price sent by the browser changes nothing; answers that name no job or
 * choice in the guide are refused.
 */
import { ESTIMATE_MAX_LENGTH, pickAnswers } from "../../../src/lib/price-guide/answers.ts";
import { computeBand } from "../../../src/lib/price-guide/band.ts";
import type { StoredEstimate } from "../../../src/lib/price-guide/estimate.ts";
import { priceGuide } from "../price-guide/guide-content.ts";

export type EstimateCheck =
  { ok: true; estimate: StoredEstimate | undefined } | { ok: false; message: string };

const UNREADABLE = "The price guide answers could not be read. Please choose them again on the price guide.";

/** The `estimate` field checked and priced; an empty field is no estimate. Never throws for bad input. */
export async function checkEstimate(text: string): Promise<EstimateCheck> {
  if (text === "") return { ok: true, estimate: undefined };
  if (text.length > ESTIMATE_MAX_LENGTH) return { ok: false, message: UNREADABLE };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, message: UNREADABLE };
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    return { ok: false, message: UNREADABLE };
  const result = computeBand(await priceGuide(), pickAnswers(parsed));
  if (!result.ok) return { ok: false, message: result.message };
  const { job, label, details, answers, low, high, photosNeeded, reviewed } = result.band;
  return { ok: true, estimate: { job, label, details, answers, low, high, photosNeeded, reviewed } };
}
