import type { Context } from "@netlify/functions";

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

/**
 * A function context for each call, from a client address of its own in `network` ("198.18.7":
 * 198.18.7.1, then .2, …), so that no client's quota is spent twice; the work a handler leaves
 * running goes to `waitUntil`.
 */
export function clientContexts(network: string, waitUntil: (promise: Promise<unknown>) => void) {
  let clients = 0;
  return () => ({ ip: `${network}.${(clients += 1)}`, waitUntil }) as unknown as Context;
}
