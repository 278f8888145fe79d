/**
 * The owner's hourly summary (docs/security.md, "Receipts and lead e-mails"): after
 * OWNER_EMAILS_PER_HOUR lead e-mails in a clock hour, the later leads of that hour wait for one
 * e-mail that lists them all, sent by the scheduled sender once the hour is over. Claimed with a
 * lease and retried with backoff like any other e-mail (outbox.ts); when it settles, each lead it
 * carried is marked sent (or failed) in its own record.
 */
import { randomUUID } from "node:crypto";
import { LIMITS_STORE, deleteKeys, listKeys, readLedger, updateJson } from "../limits/ledger-store.ts";
import {
  OWNER_EMAILS_PER_HOUR,
  OWNER_HOURS_PREFIX,
  ownerHourKey,
  type OwnerHour,
  type SummaryState,
} from "../limits/mail-limits.ts";
import { readQuote, type QuoteRecord } from "../quote/quote-store.ts";
import { sendMail, SendError, withoutAddresses, type MailSettings } from "./mailer.ts";
import { RETRY_WINDOW_MS } from "./notification-state.ts";
import { settleSummarised } from "./outbox.ts";
import { backoffMs, LEASE_MS, noteMailSettings, type Outcome } from "./send-policy.ts";
import { iso } from "../http/iso-time.ts";

const HOUR_MS = 60 * 60 * 1000;
/** Settled hours are forgotten after this. */
const KEEP_HOURS_MS = 48 * HOUR_MS;
const SEND_TIMEOUT_MS = 10_000;
const READ_BATCH = 50;

const hourStart = (hour: string) => Date.parse(`${hour}:00:00.000Z`);

/** Claims the hour's summary if it is due at `now`; the entry as claimed, or null. */
async function claim(hour: string, leaseId: string, now: number): Promise<OwnerHour | null> {
  const claimed = await updateJson<OwnerHour, OwnerHour | null>(LIMITS_STORE, ownerHourKey(hour), (entry) => {
    if (!entry || (entry.batched.length === 0 && !entry.overflow)) return { result: null };
    const summary: SummaryState = entry.summary ?? { status: "pending", attempts: 0 };
    const due =
      summary.status === "pending" &&
      (!summary.lease || Date.parse(summary.lease.until) <= now) &&
      (!summary.nextAttemptAt || Date.parse(summary.nextAttemptAt) <= now);
    if (!due) return { result: null };
    const next: OwnerHour = {
      ...entry,
      summary: {
        ...summary,
        attempts: summary.attempts + 1,
        lease: { id: leaseId, until: iso(now + LEASE_MS) },
      },
    };
    return { result: next, next };
  });
  return claimed ?? null;
}

/** Records the send's outcome on the hour's entry, if the lease is still ours; the settled state. */
async function settle(hour: string, leaseId: string, outcome: Outcome, now: number) {
  return updateJson<OwnerHour, SummaryState | null>(LIMITS_STORE, ownerHourKey(hour), (entry) => {
    const summary = entry?.summary;
    if (!entry || summary?.lease?.id !== leaseId) return { result: null };
    const { lease: _lease, nextAttemptAt: _next, error: _error, ...rest } = summary;
    const giveUpAt = hourStart(hour) + HOUR_MS + RETRY_WINDOW_MS;
    let next: SummaryState;
    if (outcome.sent) next = { ...rest, status: "sent", sentAt: iso(now) };
    else if (outcome.error.permanent || giveUpAt <= now)
      next = { ...rest, status: "failed", error: outcome.error.message };
    else
      next = {
        ...rest,
        status: "pending",
        error: outcome.error.message,
        nextAttemptAt: iso(Math.min(now + backoffMs(rest.attempts), giveUpAt)),
      };
    return { result: next, next: { ...entry, summary: next } };
  });
}

async function readLeads(ids: readonly string[]): Promise<QuoteRecord[]> {
  const records: QuoteRecord[] = [];
  for (let start = 0; start < ids.length; start += READ_BATCH) {
    const batch = await Promise.all(ids.slice(start, start + READ_BATCH).map((id) => readQuote(id)));
    for (const record of batch) if (record) records.push(record);
  }
  return records;
}

async function sendSummary(hour: string, entry: OwnerHour, settings: MailSettings): Promise<Outcome> {
  const leads = await readLeads(entry.batched);
  try {
    // Loaded on first use, as the quote e-mails are.
    const { ownerSummaryEmail } = await import("./emails/quote-emails.tsx");
    const unnamed = entry.batched.length - leads.length + (entry.overflow ?? 0);
    const mail = await ownerSummaryEmail(leads, hourStart(hour), OWNER_EMAILS_PER_HOUR, unnamed, settings);
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
    const stale: string[] = [];
    for (const key of await listKeys(LIMITS_STORE, OWNER_HOURS_PREFIX)) {
      const hour = key.slice(OWNER_HOURS_PREFIX.length);
      const end = hourStart(hour) + HOUR_MS;
      if (!(end <= now)) continue;
      const current = await readLedger<OwnerHour>(LIMITS_STORE, key);
      const settled =
        !current?.batched.length ||
        current.summary?.status === "sent" ||
        current.summary?.status === "failed";
      if (settled) {
        if (end + KEEP_HOURS_MS <= now) stale.push(key);
        continue;
      }
      const leaseId = randomUUID();
      const entry = await claim(hour, leaseId, now);
      if (!entry) continue;
      const outcome = await sendSummary(hour, entry, settings);
      if (!outcome.sent)
        console.warn(`Summary e-mail of ${hour}:00 not sent: ${withoutAddresses(outcome.error.message)}`);
      await noteMailSettings(outcome);
      const state = await settle(hour, leaseId, outcome, Date.now());
      if (state?.status === "sent") sent++;
      if (state && state.status !== "pending") {
        const settledOutcome: Outcome = state.status === "sent" ? { sent: true } : outcome;
        for (const id of entry.batched) await settleSummarised(id, hour, settledOutcome, Date.now());
      }
    }
    await deleteKeys(LIMITS_STORE, stale);
  } catch (error) {
    console.error(
      `Summary e-mails: ${withoutAddresses(error instanceof Error ? error.message : String(error))}`,
    );
  }
  return sent;
}
