/**
 * Waits until the clock is past `time` (ms since epoch), a turn of the event loop at a time. A
 * quote's `createdAt` changes only from one millisecond to the next: two writes within one
 * millisecond look alike.
 */
export async function untilClockPasses(time: number): Promise<void> {
  while (Date.now() <= time) await new Promise((resolve) => setImmediate(resolve));
}

/** The time of day `date` shows in the UK, "09:00" (24-hour, Europe/London). */
export function londonTime(date: Date): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/London",
    hour: "2-digit",
    minute: "2-digit",
  }).format(date);
}
