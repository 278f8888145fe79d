import type { Context } from "@netlify/functions";

/**
 * Lets `work` go on after the response. Deployed, `context.waitUntil` keeps the function alive for
 * it; the Netlify CLI's local runtime has no `waitUntil`, but its worker runs until the work is done.
 */
export function afterResponse(context: Pick<Context, "waitUntil"> | undefined, work: Promise<unknown>): void {
  const guarded = work.catch((error: unknown) => {
    console.error(`Background work failed: ${error instanceof Error ? error.message : "unknown error"}`);
  });
  if (typeof context?.waitUntil === "function") context.waitUntil(guarded);
}
