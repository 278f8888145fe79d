import type { Config } from "@netlify/functions";
import { deliverOutbox } from "../lib/mail/outbox.ts";

/** Scheduled: sends the e-mails still due (retries with backoff, docs/email.md). */
export default async () => {
  const { quotes } = await deliverOutbox();
  return new Response(null, { status: 204, headers: { "X-Quotes-Checked": String(quotes) } });
};

export const config: Config = { schedule: "*/5 * * * *" };
