-- E-mails about what follows a lead (a written quote, a visit, a payment): one row per e-mail to
-- send, written in the transaction of the change that makes it due, sent by the scheduled sender
-- (or right after the change) and retried with backoff (docs/database.md, "Mail jobs"). A quote
-- request's own e-mails stay in lead_emails.

CREATE TABLE mail_jobs (
  id uuid PRIMARY KEY,
  lead_id uuid NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  -- Which e-mail: the key of its template (netlify/lib/mail/mail-kinds.ts).
  kind text NOT NULL CHECK (kind ~ '^[a-z][a-z0-9-]*$'),
  -- The record it is about (a written quote, a visit), for the template and for cancelling.
  subject_id uuid,
  status text NOT NULL CHECK (status IN ('pending', 'sent', 'failed', 'cancelled')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  -- Not sent before this (a reminder's day, a retry's backoff).
  due_at timestamptz NOT NULL,
  -- A pending e-mail that still fails after this is given up (failed).
  give_up_at timestamptz NOT NULL,
  lease_id uuid,
  lease_until timestamptz,
  sent_at timestamptz,
  error text,
  created_at timestamptz NOT NULL,
  -- At most one e-mail per key (one reminder per quote and kind, say): a second one is not queued.
  dedupe_key text UNIQUE,
  CHECK (status <> 'sent' OR sent_at IS NOT NULL),
  CHECK ((lease_id IS NULL) = (lease_until IS NULL)),
  CHECK (give_up_at >= due_at)
);

CREATE INDEX mail_jobs_due ON mail_jobs (due_at) WHERE status = 'pending';
CREATE INDEX mail_jobs_lead ON mail_jobs (lead_id);
CREATE INDEX mail_jobs_subject ON mail_jobs (subject_id) WHERE subject_id IS NOT NULL;
