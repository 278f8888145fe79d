/**
 * The admin audit log (store `admin-audit`): sign-ins, failed sign-ins, sign-outs, exports, erasures
 * and restores, for the owner to read in Contact Admin (docs/security.md, "Audit log").
 *
 * One small entry per event under `events/{yyyy-mm-dd}/{ms}-{random}`, so writers never contend and
 * the newest events are found by listing the newest days. Entries hold the time, the kind and at most
 * a lead id or a count: no password, no address, no name. Recording never fails the caller.
 */
import { randomBytes } from "node:crypto";
import {
  AUDIT_LOG_LIMIT,
  AUDIT_RETENTION_DAYS,
  isAuditEventKind,
  type AuditEvent,
  type AuditEventKind,
} from "../../../src/lib/admin/audit.ts";
import { openStore } from "../blobs/open-store.ts";

export const AUDIT_STORE = "admin-audit";
const PREFIX = "events/";
const DAY_MS = 24 * 60 * 60 * 1000;

const store = () => openStore(AUDIT_STORE);
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The day folders of the log, oldest first (the local Blobs server names them without a slash). */
async function dayFolders(): Promise<string[]> {
  const { directories } = await store().list({ prefix: PREFIX, directories: true });
  return directories.map((name) => name.replace(/\/+$/, "")).sort();
}

/** The key of an event at `ms`: sorts by time, never clashes. Shared with the restore script. */
export function auditKey(ms: number): string {
  return `${PREFIX}${day(ms)}/${String(ms).padStart(15, "0")}-${randomBytes(4).toString("hex")}`;
}

/** The entry of one event, as stored. */
export function auditEntry(
  event: AuditEventKind,
  ms: number,
  details: Pick<AuditEvent, "leadId" | "count"> = {},
) {
  const entry: AuditEvent = { at: new Date(ms).toISOString(), event };
  if (details.leadId !== undefined) entry.leadId = details.leadId;
  if (details.count !== undefined) entry.count = details.count;
  return entry;
}

let prunedDay = "";

/** Deletes the days older than AUDIT_RETENTION_DAYS (at most once a day per instance). */
async function prune(now: number): Promise<void> {
  if (prunedDay === day(now)) return;
  prunedDay = day(now);
  const s = store();
  const oldest = `${PREFIX}${day(now - AUDIT_RETENTION_DAYS * DAY_MS)}`;
  for (const directory of (await dayFolders()).filter((name) => name < oldest)) {
    const { blobs } = await s.list({ prefix: `${directory}/` });
    await Promise.all(blobs.map((blob) => s.delete(blob.key)));
  }
}

/** Records one event. Never throws: a log that cannot be written must not stop a sign-in or an erasure. */
export async function recordAudit(
  event: AuditEventKind,
  details: Pick<AuditEvent, "leadId" | "count"> = {},
  now = Date.now(),
): Promise<void> {
  try {
    await store().setJSON(auditKey(now), auditEntry(event, now, details));
    await prune(now);
  } catch (error) {
    console.error(
      `audit log: "${event}" not recorded (${error instanceof Error ? error.message : "unknown error"})`,
    );
  }
}

/** The newest events, newest first, at most `limit`. */
export async function readAudit(limit = AUDIT_LOG_LIMIT): Promise<AuditEvent[]> {
  const s = store();
  const keys: string[] = [];
  for (const directory of (await dayFolders()).reverse()) {
    const { blobs } = await s.list({ prefix: `${directory}/` });
    keys.push(
      ...blobs
        .map((blob) => blob.key)
        .sort()
        .reverse(),
    );
    if (keys.length >= limit) break;
  }
  const entries = await Promise.all(keys.slice(0, limit).map((key) => s.get(key, { type: "json" })));
  return entries.filter(
    (entry): entry is AuditEvent =>
      typeof entry === "object" &&
      entry !== null &&
      typeof (entry as AuditEvent).at === "string" &&
      isAuditEventKind((entry as AuditEvent).event),
  );
}
