/**
 * The owner's morning digest (docs/reviews.md): at 07:00 UK time, one e-mail listing what needs him,
 * and none when nothing does. The scheduled function runs every hour; this decides whether the
 * hour is the morning's, whether the day's digest went already (a record per day, claimed with a
 * conditional write, so two runs never both send), and retries a failed send at the next hourly
 * run until DIGEST_LAST_HOUR.
 */
import { followUpCount } from "../../../src/lib/follow-up/follow-ups.ts";
import { digestDay } from "../../../src/lib/follow-up/rules.ts";
import { mailSettings, sendMail, SendError, withoutAddresses } from "../mail/mailer.ts";
import { dueFollowUps } from "./due-follow-ups.ts";
import { pruneDigests, saveDigest, updateDigest, type DigestRecord } from "./follow-up-store.ts";
import { iso } from "../http/iso-time.ts";

/** Longer than a send can take, so a live claim means a live sender. */
const CLAIM_MS = 2 * 60 * 1000;
/** Well inside the platform's 30 s limit for scheduled functions. */
const SEND_TIMEOUT_MS = 15_000;
/** Day records older than this are deleted. */
const KEEP_RECORDS_DAYS = 30;

export type DigestOutcome =
  | { state: "not-now" }
  | { state: "not-configured" }
  | { state: "done-already" }
  | { state: "nothing-due" }
  | { state: "sent"; items: number }
  | { state: "failed"; error: string };

/**
 * Takes the day's digest for this run; null when it is done or another run holds it. The claim is
 * the one conditional update, so of two runs at once only one takes the day.
 */
function claim(day: string, now: number): Promise<DigestRecord | null> {
  return updateDigest(day, (current) => {
    if (current) {
      const { state, leaseUntil } = current;
      if (state === "sent" || state === "nothing-due") return { result: null };
      if (state === "sending" && leaseUntil && Date.parse(leaseUntil) > now) return { result: null };
    }
    const next: DigestRecord = {
      state: "sending",
      attempts: (current?.attempts ?? 0) + 1,
      updatedAt: iso(now),
      leaseUntil: iso(now + CLAIM_MS),
    };
    return { next, result: next };
  });
}

export async function runOwnerDigest(now = Date.now()): Promise<DigestOutcome> {
  const day = digestDay(now);
  if (!day) return { state: "not-now" };
  const settings = await mailSettings();
  // Deployed without SMTP_URL there is no one to tell; the lead desk still shows the list.
  if (!settings.smtpUrl) return { state: "not-configured" };
  const claimed = await claim(day, now);
  if (!claimed) return { state: "done-already" };
  const record = (fields: Partial<DigestRecord> & Pick<DigestRecord, "state">): DigestRecord => ({
    attempts: claimed.attempts,
    updatedAt: iso(Date.now()),
    ...fields,
  });
  try {
    const followUps = await dueFollowUps(now);
    const items = followUpCount(followUps);
    if (items === 0) {
      await saveDigest(day, record({ state: "nothing-due" }));
      return { state: "nothing-due" };
    }
    const { digestEmail } = await import("../mail/emails/digest-email.tsx");
    await sendMail(settings, await digestEmail(followUps, settings, now), SEND_TIMEOUT_MS);
    await saveDigest(day, record({ state: "sent", items }));
    await pruneDigests(iso(now - KEEP_RECORDS_DAYS * 24 * 60 * 60 * 1000).slice(0, 10));
    return { state: "sent", items };
  } catch (error) {
    const message =
      error instanceof SendError ? error.message : error instanceof Error ? error.message : "unknown error";
    console.error(`Owner digest of ${day} not sent: ${withoutAddresses(message)}`);
    await saveDigest(day, record({ state: "failed", error: message }));
    return { state: "failed", error: message };
  }
}
