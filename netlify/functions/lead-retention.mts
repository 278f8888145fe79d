import type { Config } from "@netlify/functions";
import { scheduledRun } from "../lib/http/scheduled-run.ts";
import { eraseExpiredLeads } from "../lib/desk/retention.ts";

/**
 * Scheduled: erases quote requests older than LEAD_RETENTION_MONTHS that did not become work
 * (status other than `won` or `completed`), with everything they left, oldest first, within a 20 s
 * budget; a run that stops at its budget leaves the rest to the next; `{ erased, finished }`.
 * Hourly, so a backlog (the first run on an old store) is gone within a day.
 */
export default () =>
  scheduledRun("lead-retention", async () => {
    const result = await eraseExpiredLeads();
    if (!result.finished) console.warn(`lead-retention: stopped at its time budget after ${result.erased}`);
    return result;
  });

export const config: Config = { schedule: "@hourly" };
