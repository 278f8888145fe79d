/**
 * Admin sessions (table `admin_sessions`), one per signed-in browser, each the session of one person
 * (docs/staff.md). Keys are digests of the session id computed by auth.ts, so the table never holds
 * a usable cookie value.
 */
import { database } from "../database/database.ts";
import { iso } from "../http/iso-time.ts";
import type { DeskSession, Role } from "../../../src/lib/admin/people.ts";

export type SignInMethod = "password" | "passkey";

export interface SessionRecord {
  createdAt: number;
  expiresAt: number;
  userId: string;
  method: SignInMethod;
  /** The browser and system it was started on, as the owner's list of sessions names it. */
  device: string;
}

export interface FoundSession extends SessionRecord {
  name: string;
  role: Role;
  /** When the person last proved it was them: the sign-in, or a passkey asked again. */
  verifiedAt: number;
}

/** The owner's row (the migration makes it; a restore of a backup from before people may not hold it). */
const OWNER_ROW = `INSERT INTO staff_users (id, name, email, role, created_at)
  VALUES ('00000000-0000-4000-8000-000000000001', 'Owner', NULL, 'owner', now()) ON CONFLICT DO NOTHING`;

/** Stores a new session; false when the key already exists (never overwrites one). */
export async function saveSession(key: string, record: SessionRecord): Promise<boolean> {
  if (record.method === "password") await database().query(OWNER_ROW);
  const { rowCount } = await database().query(
    `INSERT INTO admin_sessions (key, created_at, expires_at, user_id, method, device, verified_at, last_seen_at)
     VALUES ($1, $2, $3, $4, $5, $6, $2, $2) ON CONFLICT (key) DO NOTHING`,
    [key, iso(record.createdAt), iso(record.expiresAt), record.userId, record.method, record.device],
  );
  return rowCount === 1;
}

/** The session and its person; null when there is none or the person was removed. */
export async function findSession(key: string): Promise<FoundSession | null> {
  const { rows } = await database().query<{
    created_at: Date;
    expires_at: Date;
    verified_at: Date | null;
    user_id: string;
    method: SignInMethod;
    device: string;
    name: string;
    role: Role;
  }>(
    `SELECT s.created_at, s.expires_at, s.verified_at, s.user_id, s.method, s.device, u.name, u.role
       FROM admin_sessions s JOIN staff_users u ON u.id = s.user_id AND u.removed_at IS NULL
      WHERE s.key = $1`,
    [key],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    createdAt: row.created_at.getTime(),
    expiresAt: row.expires_at.getTime(),
    verifiedAt: (row.verified_at ?? row.created_at).getTime(),
    userId: row.user_id,
    method: row.method,
    device: row.device,
    name: row.name,
    role: row.role,
  };
}

/** Moves a session's expiry (a passkey session slides) and notes it was used. */
export async function extendSession(key: string, expiresAt: number, now: number): Promise<void> {
  await database().query(
    "UPDATE admin_sessions SET expires_at = GREATEST(expires_at, $2), last_seen_at = $3 WHERE key = $1",
    [key, iso(expiresAt), iso(now)],
  );
}

/** Notes that the person proved it was them again (a passkey asked for erasure or people). */
export async function markVerified(key: string, now: number): Promise<void> {
  await database().query("UPDATE admin_sessions SET verified_at = $2 WHERE key = $1", [key, iso(now)]);
}

export async function deleteSession(key: string): Promise<void> {
  await database().query("DELETE FROM admin_sessions WHERE key = $1", [key]);
}

/** Removes sessions whose expiry has passed; returns how many were removed. */
export async function deleteExpiredSessions(now: number): Promise<number> {
  const { rowCount } = await database().query("DELETE FROM admin_sessions WHERE expires_at <= $1", [
    iso(now),
  ]);
  return rowCount ?? 0;
}

/** A live session as the owner's list shows it; `current` is the asker's to work out. */
export type SessionSummary = Omit<DeskSession, "current">;

/** Every live session, newest use first, for the owner's list (docs/staff.md). */
export async function listSessions(now: number): Promise<SessionSummary[]> {
  const { rows } = await database().query<{
    key: string;
    user_id: string;
    name: string;
    role: Role;
    method: SignInMethod;
    device: string;
    created_at: Date;
    last_seen_at: Date | null;
    expires_at: Date;
  }>(
    `SELECT s.key, s.user_id, u.name, u.role, s.method, s.device, s.created_at, s.last_seen_at, s.expires_at
       FROM admin_sessions s JOIN staff_users u ON u.id = s.user_id AND u.removed_at IS NULL
      WHERE s.expires_at > $1
      ORDER BY COALESCE(s.last_seen_at, s.created_at) DESC, s.key`,
    [iso(now)],
  );
  return rows.map((row) => ({
    id: row.key.slice(0, 8),
    user: { id: row.user_id, name: row.name, role: row.role },
    method: row.method,
    device: row.device,
    createdAt: row.created_at.toISOString(),
    lastSeenAt: (row.last_seen_at ?? row.created_at).toISOString(),
    expiresAt: row.expires_at.toISOString(),
  }));
}

/** Ends the sessions whose tag is `tag`; returns how many ended. */
export async function deleteSessionsTagged(tag: string): Promise<number> {
  const { rowCount } = await database().query("DELETE FROM admin_sessions WHERE left(key, 8) = $1", [tag]);
  return rowCount ?? 0;
}
