/**
 * Runs read-modify-write cycles on one key one after another within this process.
 *
 * Across instances, conditional writes (`onlyIfMatch`) keep updates from being lost. The local
 * Blobs server (Netlify CLI, tests) checks If-Match and writes in separate steps, so two writes
 * from one process can both pass the check; queuing them per key closes that gap where it occurs
 * (docs/workarounds.md).
 */
const tails = new Map<string, Promise<unknown>>();

export async function withKeyLock<T>(key: string, work: () => Promise<T>): Promise<T> {
  const previous = tails.get(key) ?? Promise.resolve();
  const run = previous.then(work, work);
  const tail = run.catch(() => undefined);
  tails.set(key, tail);
  try {
    return await run;
  } finally {
    if (tails.get(key) === tail) tails.delete(key);
  }
}
