/**
 * One mail job as its template sees it, and the shape of a template (mail-jobs.ts sends, the
 * features' templates in mail-kinds.ts write).
 */
import type { MailSettings, OutgoingMail, SendError } from "./mailer.ts";

export interface MailJob {
  id: string;
  leadId: string;
  kind: string;
  subjectId: string | null;
  attempts: number;
  dueAt: string;
  createdAt: string;
}

/** A job that should not go any more, with why in words for the owner. */
export class Cancelled {
  constructor(readonly reason: string) {}
}

/**
 * Writes the message of a job from the records as they are now: null (or `Cancelled`, saying why)
 * when it should not go any more, a `SendError` when it cannot be written and never will be.
 */
export type MailRenderer = (
  job: MailJob,
  settings: MailSettings,
) => Promise<OutgoingMail | null | Cancelled | SendError>;
