import type { Context } from "@netlify/functions";

/**
 * Lets `work` go on after the response. Deployed, `context.waitUntil` keeps the function alive for
 * it; the Netlify CLI's local runtime has no `waitUntil`, but its worker runs until the work is done.
 * `work` must not reject (deliverQuote never does).
 */
export function afterResponse(context: Pick<Context, "waitUntil"> | undefined, work: Promise<unknown>): void {
  if (typeof context?.waitUntil === "function") context.waitUntil(work);
  else void work;
}
