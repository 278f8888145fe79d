import type { Config } from "@netlify/functions";
import { scheduledRun } from "../lib/http/scheduled-run.ts";
import { cleanupExpiredUploads } from "../lib/uploads/uploads.ts";

/**
 * Scheduled: deletes quote attachment uploads past their expiry (docs/uploads.md, Expiry and
 * cleanup); `{ removed, finished }`. Every 10 minutes, each run within a 20 s budget; a run that
 * stops at its budget leaves the rest to the next.
 */
export default () =>
  scheduledRun("cleanup-uploads", async () => {
    const result = await cleanupExpiredUploads();
    if (!result.finished) console.warn(`cleanup-uploads: stopped at its time budget after ${result.removed}`);
    return result;
  });

export const config: Config = { schedule: "*/10 * * * *" };
