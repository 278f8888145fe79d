/**
 * The one read-modify-write of a JSON entry in Blobs: read it with its ETag, let `change` decide,
 * write only if nobody wrote in between, and on a conflict read again after a short random pause
 * (doubling per attempt). Every change of a shared entry in Blobs goes through here: the gallery
 * index, the abuse-limit ledgers, the login throttle and upload claims. (The owner's records change
 * in database transactions: docs/database.md.)
 *
 * Deployed, the conditional write alone keeps two writers from losing each other's change. Every
 * update of one entry also waits for the earlier updates of that entry in this process, so writers
 * of one process never race each other at all; the queue lives on `globalThis`, so functions that
 * bundle their own copy of this module still share it when they run in one process. (The local
 * Blobs server is patched to check and write in one step and to send ETags on reads, as deployed:
 * patches/@netlify+blobs+*.patch, docs/workarounds.md.)
 */
import { HttpError } from "../http/http-error.ts";
import { getJsonWithEtag, openStore, setJsonIfUnchanged } from "./open-store.ts";

export const DEFAULT_UPDATE_ATTEMPTS = 12;
const FIRST_PAUSE_MS = 5;
const MAX_PAUSE_MS = 250;

/** What a change decides: the value to store (none: store nothing) and what the caller gets. */
export interface Update<T, R> {
  next?: T;
  result: R;
}

export interface UpdateOptions {
  /** Reads and writes before giving up (default 12). */
  attempts?: number;
  /** The message of the 409 when the entry keeps changing under this writer. */
  conflictMessage?: string;
}

/** The entry kept changing under this writer; the caller may try again later. */
export class UpdateConflictError extends HttpError {
  constructor(message = "This was changed by someone else at the same moment; please try again.") {
    super(409, message);
  }
}

const QUEUES = Symbol.for("roofing-site.blobs.update-queues");

function queues(): Map<string, Promise<unknown>> {
  const holder = globalThis as { [QUEUES]?: Map<string, Promise<unknown>> };
  holder[QUEUES] ??= new Map();
  return holder[QUEUES];
}

/** Runs `work` after every earlier task queued under `name` in this process has settled. */
export async function inKeyQueue<T>(name: string, work: () => Promise<T>): Promise<T> {
  const map = queues();
  const previous = map.get(name) ?? Promise.resolve();
  const run = previous.then(work, work);
  const tail = run.catch(() => undefined);
  map.set(name, tail);
  try {
    return await run;
  } finally {
    if (map.get(name) === tail) map.delete(name);
  }
}

const pause = (attempt: number) =>
  new Promise((resolve) =>
    setTimeout(resolve, Math.random() * Math.min(MAX_PAUSE_MS, FIRST_PAUSE_MS * 2 ** attempt)),
  );

/**
 * Reads `key` of the store `storeName` (null when absent), applies `change` and writes its `next`
 * only if the entry is unchanged since the read (still absent, when it was). On a concurrent write
 * it pauses and starts again with a fresh read, up to `attempts` times, then throws
 * UpdateConflictError (409). Whatever `change` throws ends the update and reaches the caller.
 */
export async function conditionalUpdate<T, R>(
  storeName: string,
  key: string,
  change: (current: T | null) => Update<T, R> | Promise<Update<T, R>>,
  options: UpdateOptions = {},
): Promise<R> {
  const attempts = options.attempts ?? DEFAULT_UPDATE_ATTEMPTS;
  return inKeyQueue(`${storeName}\n${key}`, async () => {
    const store = openStore(storeName);
    for (let attempt = 0; attempt < attempts; attempt++) {
      if (attempt > 0) await pause(attempt);
      const entry = await getJsonWithEtag<T>(store, key);
      const { next, result } = await change(entry ? entry.data : null);
      if (next === undefined) return result;
      if (await setJsonIfUnchanged(store, key, next, entry?.etag)) return result;
    }
    throw new UpdateConflictError(options.conflictMessage);
  });
}
