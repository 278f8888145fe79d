/**
 * Work a handler leaves running after its response (a quote's e-mails), held as the platform's
 * `context.waitUntil` holds it: pass `waitUntil` in the function's context, and `settle()` waits
 * for all of it, and for any work that work started in turn.
 */
export function backgroundWork() {
  let pending: Promise<unknown>[] = [];
  const waitUntil = (promise: Promise<unknown>): void => void pending.push(promise);
  const settle = async (): Promise<void> => {
    while (pending.length) {
      const started = pending;
      pending = [];
      await Promise.all(started);
    }
  };
  return { waitUntil, settle };
}
