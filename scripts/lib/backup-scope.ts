/**
 * Which Blobs stores a backup holds (docs/security.md, "Backups and erasure"). Every store the site's
 * code opens is named here, once: `tests/unit/backup-scope.test.ts` fails when one is missing, so a
 * new store is never backed up (or left out) by accident.
 *
 * Left out: what only counts or expires (sessions, throttles, quotas, unfinished uploads, mail
 * status), which a restore must never bring back (a revoked session would work again), and the lead
 * index, which is derived from the records and rebuilt from them.
 */
import { AUDIT_STORE } from "../../netlify/lib/admin/audit-store.ts";
import { LEAD_INDEX_STORE } from "../../netlify/lib/desk/lead-index-store.ts";
import { LIMITS_STORE } from "../../netlify/lib/limits/ledger-store.ts";
import { TOMBSTONE_STORE } from "../../netlify/lib/quote/tombstone-store.ts";

/** The owner's data: backed up and restored. */
export const BACKED_UP_STORES: readonly string[] = [
  "quote-submissions",
  "gallery",
  "gallery-images",
  AUDIT_STORE,
  TOMBSTONE_STORE,
  // The amounts quoted against the price guide (no customer details): the desk's calibration table.
  "price-guide-calibration",
];

/** Never backed up, never restored; why, for the scripts' messages. */
export const LEFT_OUT_STORES: Readonly<Record<string, string>> = {
  "admin-sessions": "admin sessions",
  "admin-login-throttle": "the login throttle",
  [LIMITS_STORE]: "quotas and mail limits",
  "quote-uploads": "unfinished uploads",
  "mail-status": "the mail settings notice",
  [LEAD_INDEX_STORE]: "the lead index, rebuilt from the records (the hourly reconcile adds restored leads)",
  "quote-index": "the month index of earlier versions, taken over into the lead index",
  "follow-up": "the morning digest's working lists (failed e-mails are found again from the records)",
};

export const isBackedUpStore = (name: string) => BACKED_UP_STORES.includes(name);
export const isLeftOutStore = (name: string) => Object.hasOwn(LEFT_OUT_STORES, name);
