/**
 * Blobs storage of the follow-ups (docs/reviews.md): leads whose e-mails failed, for the owner's
 * list, and one record per morning digest, so it goes once a day. The only module that touches the
 * "follow-up" store. Nothing here holds personal data: lead ids and dates only.
 */
import { conditionalUpdate, type Update } from "../blobs/conditional-update.ts";
import { openStore } from "../blobs/open-store.ts";

const STORE_NAME = "follow-up";
const FAILED_PREFIX = "failed-mail/";
const DIGEST_PREFIX = "digests/";

const store = () => openStore(STORE_NAME);

// Failed e-mails: `failed-mail/{quoteId}` exists while some e-mail of the lead is `failed`.

/** Notes that an e-mail of the lead has just failed; the owner's list shows it from `now`. */
export async function markFailedMail(quoteId: string, now: number): Promise<void> {
  await store().setJSON(`${FAILED_PREFIX}${quoteId}`, { failedAt: new Date(now).toISOString() });
}

export async function clearFailedMail(quoteId: string): Promise<void> {
  await store().delete(`${FAILED_PREFIX}${quoteId}`);
}

/** Every lead with a failed e-mail and when it failed. */
export async function listFailedMail(): Promise<{ id: string; failedAt: string }[]> {
  const s = store();
  const { blobs } = await s.list({ prefix: FAILED_PREFIX });
  const entries = await Promise.all(
    blobs.map(async ({ key }) => {
      const entry = (await s.get(key, { type: "json" })) as { failedAt?: unknown } | null;
      const failedAt = typeof entry?.failedAt === "string" ? entry.failedAt : null;
      return failedAt ? { id: key.slice(FAILED_PREFIX.length), failedAt } : null;
    }),
  );
  return entries.filter((entry): entry is { id: string; failedAt: string } => entry !== null);
}

// The morning digest: `digests/{yyyy-mm-dd}` (the business's local date).

export interface DigestRecord {
  /** `sending` while a run holds it (until `leaseUntil`); `failed` is tried again at the next run. */
  state: "sending" | "sent" | "nothing-due" | "failed";
  attempts: number;
  updatedAt: string;
  leaseUntil?: string;
  /** Items listed (sent), for the record. */
  items?: number;
  error?: string;
}

const digestKey = (day: string) => `${DIGEST_PREFIX}${day}`;

/** Changes the day's record through the one conditional update (blobs/conditional-update.ts). */
export function updateDigest<R>(
  day: string,
  change: (current: DigestRecord | null) => Update<DigestRecord, R>,
): Promise<R> {
  return conditionalUpdate(STORE_NAME, digestKey(day), change);
}

export async function saveDigest(day: string, record: DigestRecord): Promise<void> {
  await store().setJSON(digestKey(day), record);
}

/** Deletes the records of digests before `day` (yyyy-mm-dd); they only matter on their own day. */
export async function pruneDigests(day: string): Promise<void> {
  const s = store();
  const { blobs } = await s.list({ prefix: DIGEST_PREFIX });
  await Promise.all(
    blobs.filter(({ key }) => key.slice(DIGEST_PREFIX.length) < day).map(({ key }) => s.delete(key)),
  );
}
