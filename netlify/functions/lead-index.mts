import type { Config } from "@netlify/functions";
import { scheduledRun } from "../lib/http/scheduled-run.ts";
import { compactIndex } from "../lib/desk/lead-index-compaction.ts";

/**
 * Scheduled: folds the lead index's new changes into its snapshot and deletes what no reader needs
 * any more (docs/lead-index.md). Every minute, within a 20 s budget;
 * `{ folded, ghosts, deleted, backfilled, busy, moved }`.
 */
export default () =>
  scheduledRun("lead-index", async () => {
    const { skipped, ...counts } = await compactIndex();
    return { ...counts, busy: skipped === "busy", moved: skipped === "moved" };
  });

export const config: Config = { schedule: "* * * * *" };
