import type { Context } from "@netlify/functions";
import { logFailure } from "./http-error.ts";

/**
 * Lets `work` go on after the response. Deployed, `context.waitUntil` keeps the function alive for
 * it; the Netlify CLI's local runtime has no `waitUntil`, but its worker runs until the work is done.
 */
export function afterResponse(context: Pick<Context, "waitUntil"> | undefined, work: Promise<unknown>): void {
  const guarded = work.catch((error: unknown) => logFailure("background work", error));
  if (typeof context?.waitUntil === "function") context.waitUntil(guarded);
}
