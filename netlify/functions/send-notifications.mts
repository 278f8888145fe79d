import type { Config } from "@netlify/functions";
import { scheduledRun } from "../lib/http/scheduled-run.ts";
import { deliverOutbox } from "../lib/mail/outbox.ts";

/** Scheduled: sends the e-mails still due, with retries: quote e-mails, hourly summaries, mail jobs; `{ quotes, summaries, jobs }`. */
export default () => scheduledRun("send-notifications", deliverOutbox);

export const config: Config = { schedule: "*/5 * * * *" };
