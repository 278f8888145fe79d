import type { Config } from "@netlify/functions";
import { json } from "../lib/http.ts";
import { cleanupExpiredUploads } from "../lib/uploads.ts";

/** Scheduled: deletes quote attachment uploads that were never used within their lifetime. */
export default async () => {
  const removed = await cleanupExpiredUploads();
  return json({ removed });
};

export const config: Config = { schedule: "@hourly" };
