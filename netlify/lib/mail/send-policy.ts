/**
 * How every e-mail of the site is retried and claimed (mail-jobs.ts, owner-summary.ts):
 * the backoff between attempts, the lease a sender holds while it sends, and the note Contact Admin
 * shows when the site's own mail settings are wrong.
 */
import { clearMailProblem, recordMailProblem } from "./mail-status-store.ts";
import type { SendError } from "./mailer.ts";

/** First retry delay; doubled per attempt up to MAX_BACKOFF_MS. */
export const FIRST_BACKOFF_MS = 5 * 60 * 1000;
export const MAX_BACKOFF_MS = 4 * 60 * 60 * 1000;
/** Longer than any send can take (sendMail's own deadline), so a live lease means a live sender. */
export const LEASE_MS = 2 * 60 * 1000;
export const backoffMs = (attempts: number) =>
  Math.min(FIRST_BACKOFF_MS * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);

export type Outcome = { sent: true } | { sent: false; error: SendError };

/**
 * After a send: a refused login or missing TLS is noted for Contact Admin; any success clears it.
 * Never throws: the note is a courtesy.
 */
export async function noteMailSettings(outcome: Outcome): Promise<void> {
  try {
    if (outcome.sent) await clearMailProblem();
    else if (outcome.error.configuration) await recordMailProblem(outcome.error.message);
  } catch {
    // The e-mail's own state is in the record; the notice catches up on the next send.
  }
}
