import type { Config } from "@netlify/functions";
import { runOwnerDigest } from "../lib/follow-up/owner-digest.ts";

/**
 * Scheduled, every hour on the hour (schedules are UTC): the owner's morning digest goes at the
 * first run at or after 07:00 UK time, which is 06:00 UTC in summer and 07:00 UTC in winter;
 * runOwnerDigest decides (docs/reviews.md).
 */
export default async () => {
  const outcome = await runOwnerDigest();
  return new Response(JSON.stringify(outcome), { headers: { "Content-Type": "application/json" } });
};

export const config: Config = { schedule: "0 * * * *" };
