/**
 * The one outbox (table `mail_jobs`, docs/email.md, docs/database.md) with every template: every
 * e-mail of the site — a quote's owner copy and receipt, a completed job's review request and
 * reminder, a written quote sent, accepted or declined, a visit booked or moved, a payment received,
 * and their reminders. A change queues its e-mails in its own transaction (`enqueueMail`,
 * mail-queue.ts; a lead's own in lead-mail.ts), so the e-mail is due exactly when the change is
 * stored; the change's function sends them right after answering (`deliverMailJobs`), and the
 * scheduled sender sends whatever is still due (mail-sender.ts claims, sends and retries).
 */
import { database } from "../database/database.ts";
import { isoOrNull } from "../http/iso-time.ts";
import { LEAD_AFTER_SENT } from "./lead-mail-sender.ts";
import { MAIL_RENDERERS } from "./mail-kinds.ts";
import type { MailJob, MailRenderer } from "./mail-job.ts";
import { sendDue, type SendOptions, type Templates } from "./mail-sender.ts";

const renderers: Record<string, () => Promise<MailRenderer>> = { ...MAIL_RENDERERS };
const TEMPLATES: Templates = { renderers, afterSent: LEAD_AFTER_SENT };

/** Adds the template of a kind (the features do it in mail-kinds.ts; tests add their own). */
export function registerMailRenderer(kind: string, load: () => Promise<MailRenderer>): void {
  renderers[kind] = load;
}

/**
 * Sends the due jobs of any kind (`ids` only, when given: the e-mails a change has just queued), at
 * most `limit`, within `budgetMs`. Never throws: what failed is in the rows. Returns the jobs tried.
 */
export function sendDueMail(options: SendOptions = {}): Promise<MailJob[]> {
  return sendDue(TEMPLATES, options);
}

/** `sendDueMail`, counting the jobs it tried. */
export async function deliverMailJobs(options: SendOptions = {}): Promise<number> {
  return (await sendDueMail(options)).length;
}

/** The e-mails queued about a lead, oldest first, as the desk shows them. */
export async function mailJobsOf(leadId: string): Promise<
  {
    id: string;
    kind: string;
    subjectId: string | null;
    status: string;
    attempts: number;
    dueAt: string;
    sentAt: string | null;
    error: string | null;
  }[]
> {
  const { rows } = await database().query<{
    id: string;
    kind: string;
    subject_id: string | null;
    status: string;
    attempts: number;
    due_at: Date;
    sent_at: Date | null;
    error: string | null;
  }>(
    "SELECT id, kind, subject_id, status, attempts, due_at, sent_at, error FROM mail_jobs WHERE lead_id = $1 ORDER BY created_at, id",
    [leadId],
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    subjectId: row.subject_id,
    status: row.status,
    attempts: row.attempts,
    dueAt: row.due_at.toISOString(),
    sentAt: isoOrNull(row.sent_at),
    error: row.error,
  }));
}
