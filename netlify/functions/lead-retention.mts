import type { Config } from "@netlify/functions";
import { json } from "../lib/http/responses.ts";
import { eraseExpiredLeads } from "../lib/desk/retention.ts";

/**
 * Scheduled: erases quote requests older than LEAD_RETENTION_MONTHS that did not become work
 * (status other than `won`), with everything they left, oldest first, within a 20 s budget; a run
 * that stops at its budget leaves the rest to the next. Hourly, so a backlog (the first run on an
 * old store) is gone within a day; a run with nothing to erase reads one segment of the index.
 */
export default async () => {
  const result = await eraseExpiredLeads();
  if (!result.finished) console.warn(`lead-retention: stopped at its time budget after ${result.erased}`);
  return json(result);
};

export const config: Config = { schedule: "@hourly" };
