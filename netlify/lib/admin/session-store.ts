/**
 * Admin sessions (table `admin_sessions`). Keys are digests of the session id computed by auth.ts,
 * so the table never holds a usable cookie value.
 */
import { database } from "../database/database.ts";
import { iso } from "../http/iso-time.ts";

export interface SessionRecord {
  createdAt: number;
  expiresAt: number;
}

/** Stores a new session; false when the key already exists (never overwrites one). */
export async function saveSession(key: string, record: SessionRecord): Promise<boolean> {
  const { rowCount } = await database().query(
    `INSERT INTO admin_sessions (key, created_at, expires_at) VALUES ($1, $2, $3)
     ON CONFLICT (key) DO NOTHING`,
    [key, iso(record.createdAt), iso(record.expiresAt)],
  );
  return rowCount === 1;
}

export async function findSession(key: string): Promise<SessionRecord | null> {
  const { rows } = await database().query<{ created_at: Date; expires_at: Date }>(
    "SELECT created_at, expires_at FROM admin_sessions WHERE key = $1",
    [key],
  );
  const row = rows[0];
  return row ? { createdAt: row.created_at.getTime(), expiresAt: row.expires_at.getTime() } : null;
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
