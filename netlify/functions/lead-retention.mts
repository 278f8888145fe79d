import type { Config } from "@netlify/functions";
import { scheduledRun } from "../lib/http/scheduled-run.ts";
import { eraseExpiredLeads } from "../lib/desk/lead-desk.ts";

/**
 * Scheduled: erases quote requests older than LEAD_RETENTION_MONTHS that did not become work
 * (status other than `won` or `completed`), attachments included, as the privacy policy promises; `{ erased }`.
 */
export default () => scheduledRun("lead-retention", async () => ({ erased: await eraseExpiredLeads() }));

export const config: Config = { schedule: "@daily" };
