import type { Config } from "@netlify/functions";
import { scheduledRun } from "../lib/http/scheduled-run.ts";
import { runOwnerDigest } from "../lib/follow-up/owner-digest.ts";

/**
 * Scheduled, every hour on the hour (schedules are UTC): the owner's morning digest goes at the
 * first run at or after 07:00 UK time, which is 06:00 UTC in summer and 07:00 UTC in winter;
 * runOwnerDigest decides (docs/reviews.md). `{ sent, items }`.
 */
export default () =>
  scheduledRun("owner-digest", async () => {
    const outcome = await runOwnerDigest();
    // The reason stays out of the log: a mail server's reply may quote the owner's address.
    if (outcome.state === "failed") console.warn("owner-digest: not sent; the next hourly run tries again");
    return { sent: outcome.state === "sent", items: outcome.state === "sent" ? outcome.items : 0 };
  });

export const config: Config = { schedule: "0 * * * *" };
