-- One outbox (docs/email.md): a quote request's own e-mails — the owner's copy, the receipt, the
-- review request and its reminder — become rows of mail_jobs like every other e-mail, claimed with
-- FOR UPDATE SKIP LOCKED by the one sender, and lead_emails goes with its history moved across.
--
-- mail_jobs gains what those e-mails need: `skipped` (a receipt a mail limit held back) with its
-- `reason`, the clock hour whose summary carries an owner's copy (`summary_hour`), and `failed_at`
-- ("Waiting for you" lists a failure from then). One e-mail of each kind per lead, as lead_emails'
-- primary key made it, is the dedupe key `lead-{kind}:{lead id}`.

ALTER TABLE mail_jobs DROP CONSTRAINT mail_jobs_status_check;
ALTER TABLE mail_jobs ADD CONSTRAINT mail_jobs_status_check
  CHECK (status IN ('pending', 'sent', 'failed', 'cancelled', 'skipped'));
-- Why it was skipped, or how it went out (in a summary), in words for the owner.
ALTER TABLE mail_jobs ADD COLUMN reason text;
-- The owner's copy waits for this clock hour's summary e-mail (yyyy-mm-ddThh, UTC).
ALTER TABLE mail_jobs ADD COLUMN summary_hour text CHECK (summary_hour ~ '^\d{4}-\d{2}-\d{2}T\d{2}$');
-- When it last became failed.
ALTER TABLE mail_jobs ADD COLUMN failed_at timestamptz;

-- A job that failed before this column existed is dated by its last attempt's due time.
UPDATE mail_jobs SET failed_at = due_at WHERE status = 'failed';
ALTER TABLE mail_jobs ADD CONSTRAINT mail_jobs_failed_at_check CHECK (status <> 'failed' OR failed_at IS NOT NULL);

-- When each e-mail was queued, which lead_emails did not keep: the quote's two with the lead, the
-- review request when the job was completed, the reminder when the request was sent. A pending
-- e-mail with no retry time was due at once; none is due after it is given up.
INSERT INTO mail_jobs (id, lead_id, kind, subject_id, status, attempts, due_at, give_up_at, lease_id,
                       lease_until, sent_at, error, created_at, dedupe_key, reason, summary_hour, failed_at)
SELECT gen_random_uuid(), moved.lead_id, moved.kind, NULL, moved.status, moved.attempts,
       LEAST(coalesce(moved.next_attempt_at, moved.queued_at), moved.give_up_at), moved.give_up_at,
       moved.lease_id, moved.lease_until, moved.sent_at, moved.error, moved.queued_at,
       'lead-' || moved.kind || ':' || moved.lead_id, moved.reason, moved.summary_hour, moved.failed_at
  FROM (SELECT e.*,
               CASE e.kind
                 WHEN 'review' THEN coalesce(l.completed_at, l.created_at)
                 WHEN 'reminder' THEN coalesce(r.sent_at, l.completed_at, l.created_at)
                 ELSE l.created_at
               END AS queued_at
          FROM lead_emails e
          JOIN leads l ON l.id = e.lead_id
          LEFT JOIN lead_emails r ON r.lead_id = e.lead_id AND r.kind = 'review') AS moved;

DROP TABLE lead_emails;

-- "Waiting for you" and the morning digest list the failures of the last days.
CREATE INDEX mail_jobs_failed ON mail_jobs (failed_at) WHERE status = 'failed';
