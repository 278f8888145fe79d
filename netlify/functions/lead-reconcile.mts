import type { Config } from "@netlify/functions";
import { scheduledRun } from "../lib/http/scheduled-run.ts";
import { reconcileIndex } from "../lib/desk/lead-index-reconcile.ts";

/**
 * Scheduled: makes the lead index agree with the stored quotes (quotes restored from a backup are
 * added, rows of quotes no longer stored are taken out); a repair is shown in the desk. Hourly;
 * `{ added, removed, finished }`.
 */
export default () =>
  scheduledRun("lead-reconcile", async () => {
    const result = await reconcileIndex();
    if (!result.finished) console.warn("lead-reconcile: stopped at its time budget");
    return result;
  });

export const config: Config = { schedule: "@hourly" };
