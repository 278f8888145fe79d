/**
 * Brute-force protection for the admin login (docs/security.md, Admin access): after LOGIN_MAX_FAILURES failed logins
 * from one client (IPv4 address or IPv6 /64, client-key.ts) within LOGIN_FAILURE_WINDOW_MS, further
 * attempts are refused until the oldest of those failures leaves the window. IPv6 clients are also
 * counted under their /48 with the same limit, so the 65,536 /64s of one allocation share one count.
 *
 * An attempt is counted *before* the password is compared and forgiven on success, so a burst of
 * parallel guesses cannot slip past the limit: each takes its place in the client's ledger under
 * its lock first (table `limit_charges`, limit-charges.ts).
 */
import { recordAudit } from "./audit-store.ts";
import {
  chargeLedgers,
  clearLedger,
  decideWindow,
  ledgerTotal,
  SITE,
  type Ledger,
} from "../limits/limit-charges.ts";

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
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

/** A client's failed sign-ins (its key: client-key.ts). */
const clientLedger = (key: string): Ledger => ({
  rule: "sign-in",
  subject: key,
  windowMs: LOGIN_FAILURE_WINDOW_MS,
});
/** Failed sign-ins from anywhere, counted per minute. */
const SITE_LEDGER: Ledger = {
  rule: "sign-in-site",
  subject: SITE,
  windowMs: SITE_FAILURE_WINDOW_MS,
  bucketMs: 60 * 1000,
};

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
  const decided = decideWindow(recentFailures(failures, now), now, maxFailures, LOGIN_FAILURE_WINDOW_MS);
  return decided.ok ? { allowed: true } : { allowed: false, retryAfterSeconds: decided.retryAfterSeconds };
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
  return chargeLedgers<AttemptDecision>([clientLedger(key)], now, ([failures]) => {
    const decided = decideAttempt(
      failures!.map((failure) => failure.at),
      now,
      maxFailures,
    );
    return decided.allowed ? { result: decided, add: [[1]] } : { result: decided };
  });
}

export async function forgiveAttempts(key: string): Promise<void> {
  await clearLedger(clientLedger(key));
}

/** Whether the site-wide ceiling of failed logins is crossed at `now`. */
export async function isSignInSlowed(now = Date.now()): Promise<boolean> {
  return (await ledgerTotal(SITE_LEDGER, now)) >= SITE_FAILURE_CEILING;
}

/** Counts one failed login site-wide; true when the ceiling is crossed. Crossing it is logged once, with counts only. */
export async function recordSiteFailure(now = Date.now()): Promise<boolean> {
  const before = await chargeLedgers([SITE_LEDGER], now, ([minutes]) => ({
    result: minutes!.reduce((sum, minute) => sum + minute.amount, 0),
    add: [[1]],
  }));
  const after = before + 1;
  if (before < SITE_FAILURE_CEILING && after >= SITE_FAILURE_CEILING) {
    console.warn(
      `admin-login: ${after} failed sign-ins site-wide in the last hour; sign-in is slowed down for everyone until the count falls below ${SITE_FAILURE_CEILING}`,
    );
    await recordAudit("sign-in-slowed", {}, now);
  }
  return after >= SITE_FAILURE_CEILING;
}
