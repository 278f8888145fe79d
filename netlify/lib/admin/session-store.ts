/**
 * Admin sessions in Netlify Blobs (store `admin-sessions`). Keys are digests of the session id
 * computed by auth.ts, so the store never holds a usable cookie value.
 */
import { openStore } from "../blobs/open-store.ts";

const STORE_NAME = "admin-sessions";

export interface SessionRecord {
  createdAt: number;
  expiresAt: number;
}

const sessions = () => openStore(STORE_NAME);

/** Stores a new session; false when the key already exists (never overwrites one). */
export async function saveSession(key: string, record: SessionRecord): Promise<boolean> {
  const { modified } = await sessions().setJSON(key, record, { onlyIfNew: true });
  return modified;
}

export async function findSession(key: string): Promise<SessionRecord | null> {
  const data: unknown = await sessions().get(key, { type: "json" });
  if (!isSessionRecord(data)) return null;
  return data;
}

export async function deleteSession(key: string): Promise<void> {
  await sessions().delete(key);
}

/** Removes sessions whose expiry has passed; returns how many were removed. */
export async function deleteExpiredSessions(now: number): Promise<number> {
  const store = sessions();
  const { blobs } = await store.list();
  let removed = 0;
  for (const { key } of blobs) {
    const data: unknown = await store.get(key, { type: "json" });
    if (!isSessionRecord(data) || data.expiresAt <= now) {
      await store.delete(key);
      removed += 1;
    }
  }
  return removed;
}

function isSessionRecord(value: unknown): value is SessionRecord {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.createdAt === "number" && typeof record.expiresAt === "number";
}
