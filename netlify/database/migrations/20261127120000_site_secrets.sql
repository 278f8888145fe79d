-- The secrets that sign admin sessions ('session') and key visitors' addresses ('client-key') when
-- SESSION_SECRET or CLIENT_KEY_SECRET is not set (docs/security.md, "Secrets"): 32 random bytes
-- drawn by the first function that needs one and kept here, never derived from the admin password,
-- so a copy of the database gives no way to test guesses of it. Never backed up.
CREATE TABLE site_secrets (
  name text PRIMARY KEY CHECK (name IN ('session', 'client-key')),
  value bytea NOT NULL CHECK (octet_length(value) = 32),
  created_at timestamptz NOT NULL DEFAULT now()
);
