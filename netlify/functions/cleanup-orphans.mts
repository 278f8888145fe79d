import type { Config } from "@netlify/functions";
import { cleanupOrphanAttachments } from "../lib/quote/orphans.ts";

/**
 * Scheduled: deletes attachments of quotes whose commit never completed (netlify/lib/quote/orphans.ts).
 * Hourly and apart from the upload cleanup: it lists every attachment key, which the 10-minute
 * upload cleanup's time budget should not pay for.
 */
export default async () => {
  const removed = await cleanupOrphanAttachments();
  return new Response(JSON.stringify({ removed }), { headers: { "Content-Type": "application/json" } });
};

export const config: Config = { schedule: "@hourly" };
