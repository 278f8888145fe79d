/**
 * One mail job as its template sees it, and the shape of a template (mail-jobs.ts sends, the
 * features' templates in mail-kinds.ts write).
 */
import type { MailSettings, OutgoingMail } from "./mailer.ts";

export interface MailJob {
  id: string;
  leadId: string;
  kind: string;
  subjectId: string | null;
  attempts: number;
  dueAt: string;
  createdAt: string;
}

/** Writes the message of a job from the records as they are now; null when it should not go any more. */
export type MailRenderer = (job: MailJob, settings: MailSettings) => Promise<OutgoingMail | null>;
