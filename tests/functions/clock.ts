/**
 * Waits until the clock is past `time` (ms since epoch), a turn of the event loop at a time. A
 * quote's `createdAt` changes only from one millisecond to the next: two writes within one
 * millisecond look alike.
 */
export async function untilClockPasses(time: number): Promise<void> {
  while (Date.now() <= time) await new Promise((resolve) => setImmediate(resolve));
}
