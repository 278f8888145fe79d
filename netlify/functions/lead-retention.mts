import type { Config } from "@netlify/functions";
import { eraseExpiredLeads } from "../lib/desk/lead-desk.ts";

/**
 * Scheduled: erases quote requests older than LEAD_RETENTION_MONTHS that did not become work
 * (status other than `won` or `completed`), attachments included, as the privacy policy promises.
 */
export default async () => {
  const erased = await eraseExpiredLeads();
  return new Response(JSON.stringify({ erased }), { headers: { "Content-Type": "application/json" } });
};

export const config: Config = { schedule: "@daily" };
