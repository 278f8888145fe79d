/**
 * The templates of the mail jobs (mail-jobs.ts), by kind. Each is loaded only when an e-mail of
 * its kind is sent, so a function that only queues e-mails never bundles a template it does not
 * run. A feature adds its kinds here.
 */
import type { MailRenderer } from "./mail-job.ts";

export const MAIL_RENDERERS: Record<string, () => Promise<MailRenderer>> = {};
