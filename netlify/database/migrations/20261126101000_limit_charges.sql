-- The abuse limits' counts (docs/security.md, "Abuse limits") move from JSON ledgers in Blobs to
-- rows. Left out of backups, like the sessions (scripts/lib/backup-scope.ts).

-- One row per thing a limit counts: a failed sign-in, a stored quote, an attachment (its bytes in
-- `amount`), a request to a customer's link, a receipt. `rule` names the limit, `subject` who it
-- counts: a keyed digest of a client network or a recipient (never an address), or `site`. A charge
-- is decided under a lock of its rule and subject held to the end of its transaction, so requests
-- at once queue for it and every count is exact. A row is of no use after `expires_at`.
CREATE TABLE limit_charges (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  rule text NOT NULL CHECK (rule ~ '^[a-z][a-z0-9-]{0,39}$'),
  subject text NOT NULL CHECK (subject = 'site' OR subject ~ '^[0-9a-f]{16,128}$'),
  at timestamptz NOT NULL,
  amount bigint NOT NULL DEFAULT 1 CHECK (amount >= 0),
  expires_at timestamptz NOT NULL,
  CHECK (expires_at > at)
);

-- A ledger's charges inside its window, and the clean-up of expired rows.
CREATE INDEX limit_charges_ledger ON limit_charges (rule, subject, at);
CREATE INDEX limit_charges_expiry ON limit_charges (expires_at);
