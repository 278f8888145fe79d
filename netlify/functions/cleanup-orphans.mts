import type { Config } from "@netlify/functions";
import { scheduledRun } from "../lib/http/scheduled-run.ts";
import { cleanupOrphanAttachments } from "../lib/quote/orphans.ts";

/**
 * Scheduled: deletes attachments of quotes whose commit never completed (netlify/lib/quote/orphans.ts);
 * `{ removed }`. Hourly and apart from the upload cleanup: it lists every attachment key, which the
 * 10-minute upload cleanup's time budget should not pay for.
 */
export default () =>
  scheduledRun("cleanup-orphans", async () => ({ removed: await cleanupOrphanAttachments() }));

export const config: Config = { schedule: "@hourly" };
