import type { Config } from "@netlify/functions";
import { cleanupExpiredUploads } from "../lib/uploads.ts";

/** Scheduled: deletes quote attachment uploads that were never used within their lifetime. */
export default async () => {
  const removed = await cleanupExpiredUploads();
  return new Response(JSON.stringify({ removed }), { headers: { "Content-Type": "application/json" } });
};

export const config: Config = { schedule: "@hourly" };
