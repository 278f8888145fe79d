-- Blobs hold bytes only (docs/database.md, "What lives where"): the admin sessions, the login
-- throttle and the abuse limits move from JSON entries in Blobs to rows, where a lock or a single
-- statement decides what several requests at once would otherwise race for. None of these tables
-- is backed up or restored (scripts/lib/backup-scope.ts): a restored session would sign a revoked
-- browser in again, and a count only matters inside its window.

-- A signed-in admin browser: keyed by an HMAC of the cookie's id, so no row is a usable cookie.
CREATE TABLE admin_sessions (
  key text PRIMARY KEY CHECK (key ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  CHECK (expires_at > created_at)
);

-- Expired sessions are deleted by one indexed statement at each sign-in.
CREATE INDEX admin_sessions_expiry ON admin_sessions (expires_at);
