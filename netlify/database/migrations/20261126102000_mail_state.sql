-- The owner's hourly e-mail counts and the mail settings notice move from JSON in Blobs to rows
-- (Blobs hold bytes only). Both are left out of backups (scripts/lib/backup-scope.ts), as the
-- stores were: they only count, or say what is wrong now.

-- One clock hour's e-mails to the owner (docs/security.md, "Receipts and lead e-mails"): the leads
-- e-mailed one by one, the leads that wait for the hour's summary (at most 500 named, the rest
-- counted), and how that summary's sending stands, claimed with a lease like any e-mail. `hour` is
-- `yyyy-mm-ddThh` (UTC), as a lead's e-mail names it; settled hours are deleted after two days.
CREATE TABLE owner_mail_hours (
  hour text PRIMARY KEY CHECK (hour ~ '^\d{4}-\d{2}-\d{2}T\d{2}$'),
  sent integer NOT NULL DEFAULT 0 CHECK (sent >= 0),
  batched uuid[] NOT NULL DEFAULT '{}' CHECK (cardinality(batched) <= 500),
  overflow integer NOT NULL DEFAULT 0 CHECK (overflow >= 0),
  summary_status text NOT NULL DEFAULT 'pending' CHECK (summary_status IN ('pending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  sent_at timestamptz,
  error text,
  next_attempt_at timestamptz,
  lease_id uuid,
  lease_until timestamptz,
  CHECK ((lease_id IS NULL) = (lease_until IS NULL)),
  CHECK (summary_status <> 'sent' OR sent_at IS NOT NULL)
);

-- What is wrong with the site's own mail settings (the SMTP login refused, no TLS): at most one row,
-- written by the sender, shown in the lead desk, deleted by the next e-mail that goes out.
CREATE TABLE mail_settings_problem (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  message text NOT NULL,
  at timestamptz NOT NULL
);
