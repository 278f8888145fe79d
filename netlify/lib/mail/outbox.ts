/**
 * The e-mails of every quote (docs/email.md): recorded with the quote, sent after the visitor's
 * 201, retried with backoff by the scheduled sender for 24 hours, never sent twice. A completed
 * job's review request and its reminder travel the same way (docs/reviews.md).
 *
 * The e-mails are rows of `lead_emails` (the outbox), written in the transaction that stores the
 * quote or the status change that makes them due. "Never twice": before sending, a sender claims
 * the due e-mails under the lead's row lock by giving them a lease with its own id; only the holder
 * of the lease sends and records the outcome. Leases outlast the longest possible send, so a slow
 * first send and a retry cannot both send. Every change goes through `updateQuote`, which the lead
 * desk uses too, so an e-mail's state and the owner's status change never overwrite each other.
 */
import { randomUUID } from "node:crypto";
import type { QuoteForEmail } from "./emails/quote-emails.tsx";
import { ConflictError, logFailure, NotFoundError } from "../http/http-error.ts";
import { iso } from "../http/iso-time.ts";
import {
  mailSettings,
  sendMail,
  SendError,
  withoutAddresses,
  type MailSettings,
  type OutgoingMail,
} from "./mailer.ts";
import { backoffMs, LEASE_MS, noteMailSettings, type Outcome } from "./send-policy.ts";
import { RETRY_WINDOW_MS, SENT_IN_SUMMARY_REASON, type NotificationState } from "./notification-state.ts";
import type { NotificationKind } from "../../../src/lib/notification-status.ts";
import { cancelReview, isReviewKind, withReminder } from "../follow-up/review-requests.ts";
import { readQuote, updateQuote, type QuoteRecord } from "../quote/quote-store.ts";

/** The send that follows the 201 must finish well inside the platform's function time limit. */
export const FIRST_SEND_TIMEOUT_MS = 8_000;
const STALE_AFTER_WINDOW_MS = 60 * 60 * 1000;

/**
 * Read → change → write of one quote record's e-mail state, under the lead's row lock. `change` returns the new notifications (or null to write nothing), optionally other
 * fields of the record that belong to its e-mails, and may return a value for the caller.
 */
export async function updateMailState<T>(
  id: string,
  change: (
    record: QuoteRecord,
  ) => { notifications: NotificationState[]; fields?: Pick<QuoteRecord, "review">; result: T } | null,
): Promise<{ record: QuoteRecord; result: T } | null> {
  return updateQuote(id, (current) => {
    if (!current?.notifications) return { result: null };
    const changed = change(current);
    if (!changed) return { result: null };
    const record = { ...current, ...changed.fields, notifications: changed.notifications };
    return { next: record, result: { record, result: changed.result } };
  });
}

/** A lead's owner copy that waits for its hour's summary is sent by owner-summary.ts, not here. */
const isDue = (n: NotificationState, now: number) =>
  n.status === "pending" &&
  !n.summaryHour &&
  (!n.lease || Date.parse(n.lease.until) <= now) &&
  (!n.nextAttemptAt || Date.parse(n.nextAttemptAt) <= now);

/** Claims every due e-mail of the quote under one new lease; gives up those past their window. */
async function claimDue(id: string, now: number) {
  const leaseId = randomUUID();
  const outcome = await updateMailState(id, (record) => {
    const notifications = record.notifications ?? [];
    const optedOut = !!record.review?.optedOutAt;
    const claimed: NotificationKind[] = [];
    let gaveUp = false;
    let changed = false;
    const next = notifications.map((n): NotificationState => {
      if (!isDue(n, now)) return n;
      changed = true;
      // The customer stopped review e-mails while this one waited for a retry (or a dead sender's lease).
      if (optedOut && isReviewKind(n.kind)) return cancelReview(n);
      // Long past its window (e-mail was configured days later): the lead is stale, the owner decides.
      if (Date.parse(n.giveUpAt) + STALE_AFTER_WINDOW_MS <= now) {
        const { lease: _lease, nextAttemptAt: _next, ...rest } = n;
        gaveUp = true;
        return {
          ...rest,
          status: "failed",
          error: `Not sent within 24 hours${n.error ? `: ${n.error}` : ""}`,
        };
      }
      claimed.push(n.kind);
      return { ...n, attempts: n.attempts + 1, lease: { id: leaseId, until: iso(now + LEASE_MS) } };
    });
    return changed ? { notifications: next, result: { claimed, gaveUp } } : null;
  });
  return outcome
    ? { record: outcome.record, kinds: outcome.result.claimed, gaveUp: outcome.result.gaveUp, leaseId }
    : null;
}

/** Records how a send went, if the lease is still ours; true when the e-mail is now `failed`. */
async function settle(id: string, kind: NotificationKind, leaseId: string, outcome: Outcome, now: number) {
  const settled = await updateMailState(id, (record) => {
    const notifications = record.notifications ?? [];
    const current = notifications.find((n) => n.kind === kind);
    if (current?.lease?.id !== leaseId) return null;
    const { lease: _lease, nextAttemptAt: _next, error: _error, ...rest } = current;
    let updated: NotificationState;
    if (outcome.sent) updated = { ...rest, status: "sent", sentAt: iso(now) };
    else if (outcome.error.permanent) updated = { ...rest, status: "failed", error: outcome.error.message };
    else if (Date.parse(current.giveUpAt) <= now)
      updated = { ...rest, status: "failed", error: `Not sent within 24 hours: ${outcome.error.message}` };
    else
      updated = {
        ...rest,
        status: "pending",
        error: outcome.error.message,
        nextAttemptAt: iso(Math.min(now + backoffMs(current.attempts), Date.parse(current.giveUpAt))),
      };
    const next = notifications.map((n) => (n.kind === kind ? updated : n));
    // A review request just sent schedules its one reminder.
    return { notifications: withReminder(record, next), result: updated.status === "failed" };
  });
  return settled?.result === true;
}

async function message(kind: NotificationKind, record: QuoteRecord, settings: MailSettings) {
  // Loaded on first use: the templates and their renderer stay out of the quote's path to its 201.
  if (isReviewKind(kind)) {
    const { reviewEmail } = await import("./emails/review-emails.tsx");
    return reviewEmail(record, settings, kind === "reminder");
  }
  const { ownerEmail, receiptEmail } = await import("./emails/quote-emails.tsx");
  const receipt = record.notifications?.find((n) => n.kind === "receipt");
  const quote: QuoteForEmail = {
    ...record,
    reference: record.reference ?? "",
    ...(receipt?.status === "skipped" && receipt.reason ? { receiptSkipped: receipt.reason } : {}),
  };
  return kind === "owner" ? ownerEmail(quote, settings) : receiptEmail(quote, settings);
}

async function sendOne(
  kind: NotificationKind,
  record: QuoteRecord,
  settings: MailSettings,
  timeoutMs: number,
): Promise<Outcome> {
  let mail: OutgoingMail | null;
  try {
    mail = await message(kind, record, settings);
  } catch {
    return { sent: false, error: new SendError("The e-mail could not be written", false) };
  }
  if (!mail)
    return { sent: false, error: new SendError("The customer's address cannot be written to", true) };
  try {
    await sendMail(settings, mail, timeoutMs);
    return { sent: true };
  } catch (error) {
    return {
      sent: false,
      error: error instanceof SendError ? error : new SendError("Sending failed", false),
    };
  }
}

/**
 * Records how the hourly summary that carried quote `id`'s owner copy went (owner-summary.ts): sent,
 * or failed for good (the owner's retry then sends the lead on its own).
 */
export async function settleSummarised(
  id: string,
  hour: string,
  outcome: Outcome,
  now: number,
): Promise<void> {
  await updateMailState(id, (record) => {
    const notifications = record.notifications ?? [];
    const owner = notifications.find((n) => n.kind === "owner");
    if (owner?.status !== "pending" || owner.summaryHour !== hour) return null;
    const {
      summaryHour: _hour,
      reason: _reason,
      lease: _lease,
      nextAttemptAt: _next,
      error: _error,
      ...rest
    } = owner;
    const updated: NotificationState = outcome.sent
      ? {
          ...rest,
          attempts: rest.attempts + 1,
          status: "sent",
          sentAt: iso(now),
          reason: SENT_IN_SUMMARY_REASON,
        }
      : {
          ...rest,
          attempts: rest.attempts + 1,
          status: "failed",
          error: `Summary e-mail: ${outcome.error.message}`,
        };
    return { notifications: notifications.map((n) => (n.kind === "owner" ? updated : n)), result: undefined };
  });
}

/**
 * Sends the quote's due e-mails (none when e-mail is not configured). Never throws: what failed is
 * in the record. Logs ids and reasons only, with any address in a server's reply taken out.
 */
export async function deliverQuote(id: string, timeoutMs = FIRST_SEND_TIMEOUT_MS): Promise<void> {
  try {
    const settings = await mailSettings();
    if (!settings.smtpUrl) return;
    const claim = await claimDue(id, Date.now());
    if (claim) {
      await Promise.all(
        claim.kinds.map(async (kind) => {
          const outcome = await sendOne(kind, claim.record, settings, timeoutMs);
          if (!outcome.sent)
            // An SMTP reply often quotes the recipient: logged with every address taken out.
            console.warn(
              `E-mail "${kind}" of quote ${id} not sent: ${withoutAddresses(outcome.error.message)}`,
            );
          await noteMailSettings(outcome);
          return settle(id, kind, claim.leaseId, outcome, Date.now());
        }),
      );
    }
  } catch (error) {
    logFailure(`E-mails of quote ${id}`, error);
  }
}

/** A review reminder whose day has not come: a retry must not bring it forward. */
const waitingReminder = (n: NotificationState, now: number) =>
  n.kind === "reminder" &&
  n.status === "pending" &&
  n.attempts === 0 &&
  !!n.nextAttemptAt &&
  Date.parse(n.nextAttemptAt) > now;

/**
 * POST /api/admin/notifications/retry: failed e-mails become pending again with a fresh 24-hour
 * window, and pending ones are due at once. Sent and cancelled e-mails, a reminder before its day
 * and review e-mails the customer stopped stay as they are. The caller then runs `deliverQuote`.
 */
export async function requeueNotifications(id: string): Promise<void> {
  const now = Date.now();
  const current = await readQuote(id);
  if (!current) throw new NotFoundError("Submission not found");
  if (!current.notifications) throw new ConflictError("This quote request predates e-mail notifications");
  await updateMailState(id, (record) => ({
    notifications: (record.notifications ?? []).map((n): NotificationState => {
      // Sent, skipped by a mail limit, cancelled, a reminder before its day, or still waiting for
      // its hour's summary: nothing to retry.
      if (n.status === "sent" || n.status === "skipped" || n.status === "cancelled") return n;
      if (waitingReminder(n, now)) return n;
      if (n.status === "pending" && n.summaryHour) return n;
      if (isReviewKind(n.kind) && record.review?.optedOutAt) return n;
      // A failed summary's lead is retried on its own.
      const { nextAttemptAt: _next, summaryHour: _hour, reason: _reason, ...rest } = n;
      return { ...rest, status: "pending", giveUpAt: iso(now + RETRY_WINDOW_MS) };
    }),
    result: undefined,
  }));
}
