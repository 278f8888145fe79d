-- The people who use the desk (docs/staff.md): the owner, who signs in with ADMIN_PASSWORD, and
-- the people he adds, each with a role, signing in with passkeys. A removed person's row stays
-- (the activity log names them) with `removed_at` set; their sessions and passkeys go.
CREATE TABLE staff_users (
  id uuid PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  -- The owner's address is the business's (content), so his row has none.
  email text CHECK (length(email) BETWEEN 3 AND 254),
  role text NOT NULL CHECK (role IN ('owner', 'office', 'crew')),
  created_at timestamptz NOT NULL,
  removed_at timestamptz,
  CHECK ((role = 'owner') = (email IS NULL))
);
-- One owner, the row every password session belongs to; one person per address at a time.
CREATE UNIQUE INDEX staff_users_one_owner ON staff_users (role) WHERE role = 'owner';
CREATE UNIQUE INDEX staff_users_email ON staff_users (lower(email)) WHERE removed_at IS NULL;

INSERT INTO staff_users (id, name, email, role, created_at)
VALUES ('00000000-0000-4000-8000-000000000001', 'Owner', NULL, 'owner', now());

-- An invitation's link: single use, 7 days; kept as the SHA-256 of its token, never the token.
CREATE TABLE staff_invitations (
  token_hash text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  user_id uuid NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  CHECK (expires_at > created_at)
);
CREATE INDEX staff_invitations_user ON staff_invitations (user_id);

-- A passkey: the credential's id and public key as the authenticator gave them, and its counter.
CREATE TABLE staff_passkeys (
  credential_id text PRIMARY KEY CHECK (credential_id ~ '^[A-Za-z0-9_-]+$' AND length(credential_id) BETWEEN 16 AND 1400),
  user_id uuid NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
  public_key bytea NOT NULL,
  counter bigint NOT NULL CHECK (counter >= 0),
  transports text[] NOT NULL DEFAULT '{}',
  -- Where the person made it, as they see it in the desk ("iPhone", "Android phone", …).
  label text NOT NULL CHECK (length(label) <= 100),
  created_at timestamptz NOT NULL,
  last_used_at timestamptz
);
CREATE INDEX staff_passkeys_user ON staff_passkeys (user_id);

-- A WebAuthn challenge between its options and its answer: single use, 5 minutes. `user_id` is
-- whose passkey is being made (null for a sign-in, where the passkey names the person).
CREATE TABLE webauthn_challenges (
  challenge text PRIMARY KEY CHECK (challenge ~ '^[A-Za-z0-9_-]{43}$'),
  purpose text NOT NULL CHECK (purpose IN ('register', 'sign-in', 'verify')),
  user_id uuid REFERENCES staff_users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
CREATE INDEX webauthn_challenges_expiry ON webauthn_challenges (expires_at);

-- Sessions per person: whose, how it was started, from what device, and when last used. Sessions
-- made before this were the owner's.
ALTER TABLE admin_sessions
  ADD COLUMN user_id uuid NOT NULL DEFAULT '00000000-0000-4000-8000-000000000001'
    REFERENCES staff_users (id) ON DELETE CASCADE,
  ADD COLUMN method text NOT NULL DEFAULT 'password' CHECK (method IN ('password', 'passkey')),
  ADD COLUMN device text NOT NULL DEFAULT '' CHECK (length(device) <= 100),
  ADD COLUMN last_seen_at timestamptz,
  -- When the person last proved it was them (sign-in, or a passkey asked again).
  ADD COLUMN verified_at timestamptz;
ALTER TABLE admin_sessions ALTER COLUMN user_id DROP DEFAULT;
CREATE INDEX admin_sessions_user ON admin_sessions (user_id);

-- The activity log names who did what.
ALTER TABLE activity_log ADD COLUMN user_id uuid REFERENCES staff_users (id);
ALTER TABLE activity_log DROP CONSTRAINT activity_log_event_check;
ALTER TABLE activity_log ADD CONSTRAINT activity_log_event_check CHECK (event IN ('sign-in', 'sign-in-failed',
  'sign-in-slowed', 'sign-out', 'export', 'accounts-csv-export', 'accounts-xero-export', 'accounts-payments-export', 'erase',
  'retention-erase', 'bulk-erase', 'restore', 'quote-sent', 'payment-recorded', 'refund-confirmed',
  'invoice-issued', 'certificate-issued', 'person-added', 'person-removed', 'passkey-added', 'session-ended'));
