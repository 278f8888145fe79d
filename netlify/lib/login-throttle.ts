/**
 * Brute-force protection for the admin login (DESIGN.md §5): after LOGIN_MAX_FAILURES failed logins
 * from one address within LOGIN_FAILURE_WINDOW_MS, further attempts are refused until the oldest of
 * those failures leaves the window.
 *
 * An attempt is counted *before* the password is compared and forgiven on success, so a burst of
 * parallel guesses cannot slip past the limit: each must win a conditional write first.
 */
import { clearFailures, readFailures, writeFailures } from "./login-throttle-store.ts";

export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
const MAX_WRITE_ATTEMPTS = 5;

export type AttemptDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Failures still inside the window at `now`, oldest first. */
export function recentFailures(failures: readonly number[], now: number): number[] {
  return failures.filter((t) => t > now - LOGIN_FAILURE_WINDOW_MS && t <= now).sort((a, b) => a - b);
}

/** Whether one more attempt may be made at `now`, given the recorded failures. */
export function decideAttempt(failures: readonly number[], now: number): AttemptDecision {
  const recent = recentFailures(failures, now);
  if (recent.length < LOGIN_MAX_FAILURES) return { allowed: true };
  const unlockAt = (recent[recent.length - LOGIN_MAX_FAILURES] as number) + LOGIN_FAILURE_WINDOW_MS;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((unlockAt - now) / 1000)) };
}

/**
 * Records an attempt for `key` as a failure unless the address is locked out. Call
 * `forgiveAttempts` when the password turns out right.
 */
export async function reserveAttempt(key: string, now: number): Promise<AttemptDecision> {
  for (let i = 0; i < MAX_WRITE_ATTEMPTS; i += 1) {
    const { failures, etag } = await readFailures(key);
    const decision = decideAttempt(failures, now);
    if (!decision.allowed) return decision;
    if (await writeFailures(key, [...recentFailures(failures, now), now], etag)) return decision;
  }
  // Persistent write conflicts mean many simultaneous attempts from one address: refuse briefly.
  return { allowed: false, retryAfterSeconds: 1 };
}

export async function forgiveAttempts(key: string): Promise<void> {
  await clearFailures(key);
}
