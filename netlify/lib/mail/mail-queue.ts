/**
 * Queuing mail jobs (table `mail_jobs`, docs/database.md) inside the caller's transaction: the one
 * half of mail jobs a change needs. Sending them (mail-jobs.ts) loads every template; a function
 * that only queues (a webhook, the quote page's answers) imports this and stays small.
 */
import { randomUUID } from "node:crypto";
import type { Queryable } from "../database/database.ts";
import { iso } from "../http/iso-time.ts";
import { RETRY_WINDOW_MS } from "./notification-state.ts";

/**
 * Queues one e-mail in the caller's transaction: due at `dueAt` (default now), given up 24 hours
 * after. With `dedupeKey` a second job of the same key is not queued. Returns the job's id, or null
 * when the key was taken.
 */
export async function enqueueMail(
  client: Queryable,
  job: { leadId: string; kind: string; subjectId?: string; dueAt?: number; dedupeKey?: string },
  now = Date.now(),
): Promise<string | null> {
  const id = randomUUID();
  const due = job.dueAt ?? now;
  const { rowCount } = await client.query(
    `INSERT INTO mail_jobs (id, lead_id, kind, subject_id, status, due_at, give_up_at, created_at, dedupe_key)
     VALUES ($1, $2, $3, $4, 'pending', $5, $6, $7, $8) ON CONFLICT (dedupe_key) DO NOTHING`,
    [
      id,
      job.leadId,
      job.kind,
      job.subjectId ?? null,
      iso(due),
      iso(due + RETRY_WINDOW_MS),
      iso(now),
      job.dedupeKey ?? null,
    ],
  );
  return rowCount ? id : null;
}

/** Cancels, in the caller's transaction, the pending e-mails about `subjectId` (of these kinds). */
export async function cancelMail(
  client: Queryable,
  subjectId: string,
  kinds?: readonly string[],
): Promise<number> {
  const { rowCount } = await client.query(
    `UPDATE mail_jobs SET status = 'cancelled', lease_id = NULL, lease_until = NULL
      WHERE subject_id = $1 AND status = 'pending' AND ($2::text[] IS NULL OR kind = ANY($2::text[]))`,
    [subjectId, kinds ?? null],
  );
  return rowCount ?? 0;
}
