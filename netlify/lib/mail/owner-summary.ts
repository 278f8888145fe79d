/**
 * The owner's hourly summary (docs/security.md, "Receipts and lead e-mails"): after
 * OWNER_EMAILS_PER_HOUR lead e-mails in a clock hour, the later leads of that hour wait for one
 * e-mail that lists them all, sent by the scheduled sender once the hour is over. Claimed with a
 * lease and retried with backoff like any other e-mail (mail-jobs.ts); when it settles, the owner's
 * copy of each lead it carried is marked sent (or failed) in the outbox (lead-mail.ts). The hours are rows of `owner_mail_hours`
 * (limits/owner-mail-hours.ts).
 */
import { randomUUID } from "node:crypto";
import { OWNER_EMAILS_PER_HOUR } from "../limits/mail-limits.ts";
import {
  claimSummary,
  deleteSettledHours,
  dueSummaryHours,
  settleSummary,
  type OwnerHour,
  type SummaryState,
} from "../limits/owner-mail-hours.ts";
import { readQuote, type QuoteRecord } from "../quote/quote-store.ts";
import { sendMail, SendError, withoutAddresses, type MailSettings } from "./mailer.ts";
import { RETRY_WINDOW_MS } from "./notification-state.ts";
import { settleSummarised } from "./lead-mail.ts";
import { backoffMs, LEASE_MS, noteMailSettings, type Outcome } from "./send-policy.ts";
import { iso } from "../http/iso-time.ts";

const HOUR_MS = 60 * 60 * 1000;
/** Settled hours are forgotten after this. */
const KEEP_HOURS_MS = 48 * HOUR_MS;
const SEND_TIMEOUT_MS = 10_000;
const READ_BATCH = 50;

const hourStart = (hour: string) => Date.parse(`${hour}:00:00.000Z`);

/**
 * Records the send's outcome on the hour's row, if the lease is still ours: sent, failed (refused, or
 * still failing when the retry window is over), or pending again after a backoff. The settled state,
 * or null when the lease was lost.
 */
async function settle(
  entry: OwnerHour,
  leaseId: string,
  outcome: Outcome,
  now: number,
): Promise<SummaryState | null> {
  const { attempts } = entry.summary;
  const giveUpAt = hourStart(entry.hour) + HOUR_MS + RETRY_WINDOW_MS;
  let next: SummaryState;
  if (outcome.sent) next = { status: "sent", attempts, sentAt: iso(now) };
  else if (outcome.error.permanent || giveUpAt <= now)
    next = { status: "failed", attempts, error: outcome.error.message };
  else
    next = {
      status: "pending",
      attempts,
      error: outcome.error.message,
      nextAttemptAt: iso(Math.min(now + backoffMs(attempts), giveUpAt)),
    };
  return (await settleSummary(entry.hour, leaseId, next)) ? next : null;
}

async function readLeads(ids: readonly string[]): Promise<QuoteRecord[]> {
  const records: QuoteRecord[] = [];
  for (let start = 0; start < ids.length; start += READ_BATCH) {
    const batch = await Promise.all(ids.slice(start, start + READ_BATCH).map((id) => readQuote(id)));
    for (const record of batch) if (record) records.push(record);
  }
  return records;
}

async function sendSummary(entry: OwnerHour, settings: MailSettings): Promise<Outcome> {
  const leads = await readLeads(entry.batched);
  try {
    // Loaded on first use, as the quote e-mails are.
    const { ownerSummaryEmail } = await import("./emails/quote-emails.tsx");
    const unnamed = entry.batched.length - leads.length + entry.overflow;
    const mail = await ownerSummaryEmail(
      leads,
      hourStart(entry.hour),
      OWNER_EMAILS_PER_HOUR,
      unnamed,
      settings,
    );
    await sendMail(settings, mail, SEND_TIMEOUT_MS);
    return { sent: true };
  } catch (error) {
    return {
      sent: false,
      error: error instanceof SendError ? error : new SendError("Sending failed", false),
    };
  }
}

/**
 * Sends every hourly summary that is due at `now` and forgets settled hours after two days.
 * Returns how many summaries went out.
 */
export async function deliverOwnerSummaries(settings: MailSettings, now = Date.now()): Promise<number> {
  let sent = 0;
  try {
    for (const hour of await dueSummaryHours(now)) {
      const leaseId = randomUUID();
      const entry = await claimSummary(hour, leaseId, now, now + LEASE_MS);
      if (!entry) continue;
      const outcome = await sendSummary(entry, settings);
      if (!outcome.sent)
        console.warn(`Summary e-mail of ${hour}:00 not sent: ${withoutAddresses(outcome.error.message)}`);
      await noteMailSettings(outcome);
      const state = await settle(entry, leaseId, outcome, Date.now());
      if (state?.status === "sent") sent++;
      if (state && state.status !== "pending") {
        const settledOutcome: Outcome = state.status === "sent" ? { sent: true } : outcome;
        await settleSummarised(entry.batched, hour, settledOutcome, Date.now());
      }
    }
    await deleteSettledHours(iso(now - KEEP_HOURS_MS).slice(0, 13));
  } catch (error) {
    console.error(
      `Summary e-mails: ${withoutAddresses(error instanceof Error ? error.message : String(error))}`,
    );
  }
  return sent;
}
