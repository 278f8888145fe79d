import type { Config } from "@netlify/functions";
import { cleanupExpiredUploads } from "../lib/uploads.ts";
import { cleanupOrphanAttachments } from "../lib/quote-orphans.ts";

/**
 * Scheduled: deletes quote attachment uploads that were never used within their lifetime, and
 * attachments of quotes whose commit never completed (netlify/lib/quote-orphans.ts).
 */
export default async () => {
  const removed = (await cleanupExpiredUploads()) + (await cleanupOrphanAttachments());
  return new Response(JSON.stringify({ removed }), { headers: { "Content-Type": "application/json" } });
};

export const config: Config = { schedule: "@hourly" };
