/**
 * Limits on the e-mails a quote makes the site send (docs/security.md, "Receipts and lead e-mails").
 * Anyone can type anyone's address into the quote form, so the receipt is the one way a stranger can
 * make the site e-mail a third person; the owner's lead e-mails share the SMTP account's daily cap.
 *
 * - Receipts: at most one per recipient per RECEIPT_RECIPIENT_WINDOW_MS, and RECEIPTS_PER_HOUR
 *   site-wide in any hour. Above either the receipt is `skipped` with the reason; the lead is stored
 *   and the owner's e-mail says no receipt went out.
 * - Owner e-mails: OWNER_EMAILS_PER_HOUR per clock hour (UTC); the later leads of that hour wait for
 *   one summary e-mail sent when the hour is over (owner-summary.ts, table `owner_mail_hours`).
 *
 * Decided once, when the quote is stored, and recorded in its notifications. The receipts are
 * counted in table `limit_charges` (limit-charges.ts); recipients are kept as keyed digests of the
 * normalised address, never the address. Loopback clients of a local test run are exempt on the
 * same terms as the quotas (upload-quota.ts, `quotaClient`).
 */
import { createHmac } from "node:crypto";
import { clientKeySecret } from "../admin/secrets.ts";
import { chargeLedgers, SITE, type Ledger } from "./limit-charges.ts";
import { countOwnerEmail } from "./owner-mail-hours.ts";
import type { QuotaClient } from "./upload-quota.ts";

export const RECEIPT_RECIPIENT_WINDOW_MS = 24 * 60 * 60 * 1000;
export const RECEIPTS_PER_HOUR = 60;
export const OWNER_EMAILS_PER_HOUR = 30;
/** Quotes named in one summary; more are counted, and all of them are in Contact Admin anyway. */
export const SUMMARY_MAX_LEADS = 500;

/** Why a receipt was skipped, in words for the owner ("Not sent: …", "No receipt was sent to the customer: …"). */
export const RECEIPT_SKIPPED_RECIPIENT = "this address was already sent a receipt in the last 24 hours";
export const RECEIPT_SKIPPED_SITE = `${RECEIPTS_PER_HOUR} receipts were already sent in the last hour`;

const HOUR_MS = 60 * 60 * 1000;
/** Receipts sent site-wide in the last hour. */
const SITE_RECEIPTS: Ledger = { rule: "receipts-site", subject: SITE, windowMs: HOUR_MS };

/** What a quote's e-mails are to do, decided when it is stored. */
export interface MailPlan {
  /** Why the receipt is not sent; undefined: it is sent. */
  receiptSkipped?: string;
  /** The clock hour (`yyyy-mm-ddThh`, UTC) whose summary carries the owner's copy; undefined: its own e-mail. */
  ownerSummaryHour?: string;
}

/**
 * One mailbox for many spellings: lower case, no `+tag` (sub-addressing reaches the same inbox at
 * most providers), and for Gmail no dots and googlemail.com as gmail.com.
 */
export function normaliseRecipient(email: string): string {
  const at = email.lastIndexOf("@");
  let local = email.slice(0, at).toLowerCase();
  let domain = email.slice(at + 1).toLowerCase();
  local = local.split("+")[0] ?? local;
  if (domain === "googlemail.com") domain = "gmail.com";
  if (domain === "gmail.com") local = local.replaceAll(".", "");
  return `${local}@${domain}`;
}

const recipientDigest = async (email: string) =>
  createHmac("sha256", await clientKeySecret())
    .update(`receipt\0${normaliseRecipient(email)}`)
    .digest("hex");

/** `yyyy-mm-ddThh` of the clock hour (UTC) holding `ms`. */
export const hourOf = (ms: number) => new Date(ms).toISOString().slice(0, 13);

/**
 * Takes the recipient's one receipt of the window and one of the site's hour, both or neither;
 * why not when it cannot.
 */
async function claimReceipt(email: string, now: number): Promise<string | undefined> {
  const recipient: Ledger = {
    rule: "receipt",
    subject: await recipientDigest(email),
    windowMs: RECEIPT_RECIPIENT_WINDOW_MS,
  };
  return chargeLedgers([recipient, SITE_RECEIPTS], now, ([sent, site]) => {
    if (sent!.length > 0) return { result: RECEIPT_SKIPPED_RECIPIENT };
    // The recipient gets nothing then: a real request of theirs later today still gets its receipt.
    if (site!.length >= RECEIPTS_PER_HOUR) return { result: RECEIPT_SKIPPED_SITE };
    return { result: undefined, add: [[1], [1]] };
  });
}

/** Counts one lead for the owner this hour: its own e-mail, or a place in the hour's summary. */
async function claimOwnerEmail(quoteId: string, now: number): Promise<string | undefined> {
  const hour = hourOf(now);
  const batched = await countOwnerEmail(hour, quoteId, OWNER_EMAILS_PER_HOUR, SUMMARY_MAX_LEADS);
  return batched ? hour : undefined;
}

/** Decides what the e-mails of quote `quoteId` to `email` from `client` may do. */
export async function planQuoteMail(
  client: QuotaClient,
  quoteId: string,
  email: string,
  now = Date.now(),
): Promise<MailPlan> {
  if (client.exempt) return {};
  const plan: MailPlan = {};
  const receiptSkipped = await claimReceipt(email, now);
  if (receiptSkipped) plan.receiptSkipped = receiptSkipped;
  const hour = await claimOwnerEmail(quoteId, now);
  if (hour) plan.ownerSummaryHour = hour;
  return plan;
}
