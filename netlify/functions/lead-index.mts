import type { Config } from "@netlify/functions";
import { json } from "../lib/http/responses.ts";
import { compactIndex } from "../lib/desk/lead-index-compaction.ts";

/**
 * Scheduled: folds the lead index's new changes into its snapshot and deletes what no reader needs
 * any more (docs/lead-index.md). Every minute, within a 20 s budget.
 */
export default async () => json(await compactIndex());

export const config: Config = { schedule: "* * * * *" };
