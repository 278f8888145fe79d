/**
 * Brute-force protection for the admin login (docs/security.md, Admin access): after LOGIN_MAX_FAILURES failed logins
 * from one client (IPv4 address or IPv6 /64, client-key.ts) within LOGIN_FAILURE_WINDOW_MS, further
 * attempts are refused until the oldest of those failures leaves the window. IPv6 clients are also
 * counted under their /48 with the same limit, so the 65,536 /64s of one allocation share one count.
 *
 * An attempt is counted *before* the password is compared and forgiven on success, so a burst of
 * parallel guesses cannot slip past the limit: each must win a conditional write first.
 */
import { recordAudit } from "./audit-store.ts";
import {
  clearFailures,
  readSiteFailures,
  updateFailures,
  updateSiteFailures,
} from "./login-throttle-store.ts";

export const LOGIN_MAX_FAILURES = 5;
/**
 * Site-wide ceiling: once this many logins failed within the last hour, from anywhere, sign-in is
 * slowed for everyone: each attempt waits SLOWED_DELAY_MS and a client may fail only
 * SLOWED_MAX_FAILURES times per window (docs/security.md, "Abuse limits").
 */
export const SITE_FAILURE_CEILING = 50;
export const SITE_FAILURE_WINDOW_MS = 60 * 60 * 1000;
export const SLOWED_MAX_FAILURES = 2;
export const SLOWED_DELAY_MS = 1000;
const SITE_BUCKET_MS = 60 * 1000;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

export type AttemptDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Failures still inside the window at `now`, oldest first. */
export function recentFailures(failures: readonly number[], now: number): number[] {
  return failures.filter((t) => t > now - LOGIN_FAILURE_WINDOW_MS && t <= now).sort((a, b) => a - b);
}

/** Whether one more attempt may be made at `now`, given the recorded failures. */
export function decideAttempt(
  failures: readonly number[],
  now: number,
  maxFailures = LOGIN_MAX_FAILURES,
): AttemptDecision {
  const recent = recentFailures(failures, now);
  if (recent.length < maxFailures) return { allowed: true };
  const unlockAt = (recent[recent.length - maxFailures] as number) + LOGIN_FAILURE_WINDOW_MS;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((unlockAt - now) / 1000)) };
}

/**
 * Records an attempt for `key` as a failure unless the address is locked out. Call
 * `forgiveAttempts` when the password turns out right.
 */
export async function reserveAttempt(
  key: string,
  now: number,
  maxFailures = LOGIN_MAX_FAILURES,
): Promise<AttemptDecision> {
  const decision = await updateFailures<AttemptDecision>(key, (failures) => {
    const decided = decideAttempt(failures, now, maxFailures);
    if (!decided.allowed) return { result: decided };
    return { result: decided, next: [...recentFailures(failures, now), now] };
  });
  // Persistent write conflicts mean many simultaneous attempts from one address: refuse briefly.
  return decision ?? { allowed: false, retryAfterSeconds: 1 };
}

export async function forgiveAttempts(key: string): Promise<void> {
  await clearFailures(key);
}

/** Failed logins site-wide within the hour before `now`, from per-minute counts. */
export function siteFailureCount(buckets: Readonly<Record<string, number>>, now: number): number {
  return Object.entries(buckets)
    .filter(([start]) => Number(start) > now - SITE_FAILURE_WINDOW_MS && Number(start) <= now)
    .reduce((sum, [, count]) => sum + count, 0);
}

/** Whether the site-wide ceiling of failed logins is crossed at `now`. */
export async function isSignInSlowed(now = Date.now()): Promise<boolean> {
  return siteFailureCount(await readSiteFailures(), now) >= SITE_FAILURE_CEILING;
}

/**
 * Counts one failed login site-wide; true when the ceiling is crossed. Crossing it is logged once,
 * with counts only. Under persistent write conflicts (a flood of failures) it counts as crossed.
 */
export async function recordSiteFailure(now = Date.now()): Promise<boolean> {
  const bucket = String(now - (now % SITE_BUCKET_MS));
  const counts = await updateSiteFailures((buckets) => {
    const before = siteFailureCount(buckets, now);
    const next: Record<string, number> = {};
    for (const [start, count] of Object.entries(buckets)) {
      if (Number(start) > now - SITE_FAILURE_WINDOW_MS) next[start] = count;
    }
    next[bucket] = (next[bucket] ?? 0) + 1;
    return { result: [before, before + 1] as const, next };
  });
  if (!counts) return true;
  const [before, after] = counts;
  if (before < SITE_FAILURE_CEILING && after >= SITE_FAILURE_CEILING) {
    console.warn(
      `admin-login: ${after} failed sign-ins site-wide in the last hour; sign-in is slowed down for everyone until the count falls below ${SITE_FAILURE_CEILING}`,
    );
    await recordAudit("sign-in-slowed", {}, now);
  }
  return after >= SITE_FAILURE_CEILING;
}
