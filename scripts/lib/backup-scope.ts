/**
 * What a backup holds (docs/security.md, "Backups and erasure"; docs/backups.md).
 *
 * The database: every table the project's migrations create (scripts/lib/database-backup.ts finds
 * them), so a new table is backed up with no change here, except those LEFT_OUT_TABLES names.
 *
 * Blobs: every store the site's code opens is named here, once — backed up, or left out with the
 * reason: `tests/unit/backup-scope.test.ts` fails when one is missing, so a new store is never backed
 * up (or left out) by accident. Left out is what only counts or expires (sessions, throttles, quotas,
 * unfinished uploads, mail status), which a restore must never bring back (a revoked session would
 * work again), and what the code no longer reads.
 */
import { imageKeys } from "../../netlify/lib/gallery/gallery-images-store.ts";
import { ATTACHMENT_STORE, attachmentKey } from "../../netlify/lib/quote/attachment-store.ts";

/** The owner's bytes in Blobs: backed up and restored. */
export const BACKED_UP_STORES: readonly string[] = [
  // Attachment files (`attachments/{leadId}/{n}`).
  ATTACHMENT_STORE,
  "gallery-images",
];

/**
 * Where a backup finds the keys of each backed-up store: in the rows of one table of the backup's
 * own snapshot, not by listing the store. The bytes a row names were written before the row, so
 * they are all there when the snapshot is read; bytes written later belong to rows the backup does
 * not hold, and bytes no row names (a commit that never came) are not the owner's records. A
 * listing could not promise as much: the local Blobs server's listing ends early, silently, when a
 * write in a folder it walks renames its temporary file meanwhile (docs/workarounds.md).
 */
export const KEYS_FROM_ROWS: Readonly<
  Record<string, { table: string; keys: (row: Record<string, unknown>) => string[] }>
> = {
  [ATTACHMENT_STORE]: {
    table: "leads",
    keys: (row) =>
      ((row.attachments ?? []) as { id?: unknown }[]).map((attachment) =>
        attachmentKey(String(row.id), String(attachment.id)),
      ),
  },
  "gallery-images": {
    table: "gallery_items",
    keys: (row) => imageKeys(String(row.image_id), typeof row.width === "number" ? row.width : null),
  },
};

/**
 * Keys of the attachment store in the layout of the records before the database (the quote records,
 * their idempotency keys, reference reservations and outbox marks). Not backed up: their content is
 * in the database once `npm run import:blob-records` has run.
 */
export const LEGACY_KEY_PREFIXES: readonly string[] = [
  "submissions/",
  "idempotency/",
  "references/",
  "outbox/",
];

/**
 * Stores of the records before the database: what each became. Not backed up; a restore of a
 * backup made before the move writes them back, so `npm run import:blob-records` can copy them.
 */
export const LEGACY_STORES: Readonly<Record<string, string>> = {
  "admin-audit": "the activity log of the records before the database: table activity_log now",
  "erased-leads": "the tombstones of the records before the database: table erased_leads now",
  "follow-up":
    "failed-mail marks and digests of the records before the database: tables mail_jobs and owner_digests now",
  "price-guide-calibration":
    "calibration points before the database: worked out from the leads' quoted amounts now",
  gallery: "the gallery's items and their order before the database: table gallery_items now",
};

/** Never backed up, never restored; why, for the scripts' messages. */
export const LEFT_OUT_STORES: Readonly<Record<string, string>> = {
  "admin-sessions": "admin sessions before the database: table admin_sessions now",
  "admin-login-throttle": "the login throttle before the database: table limit_charges now",
  "abuse-limits": "quotas and mail limits before the database: tables limit_charges and owner_mail_hours now",
  "proposal-token-limits":
    "the written quotes' link request counts before the database: table limit_charges now",
  "quote-uploads": "unfinished uploads",
  "mail-status": "the mail settings notice before the database: table mail_settings_problem now",
  "lead-index": "the lead index of the records before the database, replaced by SQL queries",
  "quote-index": "the month index of earlier versions, replaced by SQL queries",
};

/**
 * Tables never backed up, never restored; why, for the scripts' messages and docs/reference.md.
 * Like the stores left out: what only counts or expires, which a restore must never bring back.
 */
export const LEFT_OUT_TABLES: Readonly<Record<string, string>> = {
  admin_sessions: "admin sessions",
  limit_charges: "the login throttle, quotas, link and mail limits",
  owner_mail_hours: "the owner's e-mails per hour and their summaries",
  mail_settings_problem: "the mail settings notice",
  uploads: "unfinished uploads",
  webauthn_challenges: "passkey challenges, each good for 5 minutes",
  site_secrets:
    "the random secrets that sign sessions and key addresses: a copy must not carry them, and a restored site draws new ones",
};

export const isLeftOutTable = (name: string) => Object.hasOwn(LEFT_OUT_TABLES, name);

/** The database table of the leads, whose `id` (and every `lead_id`) names a lead. */
export const LEAD_TABLE = "leads";
/** The table of tombstones: a restore never writes back a row or a file of a lead listed there. */
export const TOMBSTONE_TABLE = "erased_leads";
/** Tables that hold lead ids and nothing personal: restored whole, erased leads' ids included. */
export const ERASURE_EXEMPT_TABLES: readonly string[] = [TOMBSTONE_TABLE, "activity_log"];
/** Legacy stores restored whole for the same reason (a backup made before the database). */
export const ERASURE_EXEMPT_STORES: readonly string[] = ["erased-leads", "admin-audit"];

export const isBackedUpStore = (name: string) => BACKED_UP_STORES.includes(name);
export const isLegacyStore = (name: string) => Object.hasOwn(LEGACY_STORES, name);
export const isLeftOutStore = (name: string) => Object.hasOwn(LEFT_OUT_STORES, name);

/** Whether entry `key` of backed-up store `store` goes in a backup (not a record of the old layout). */
export const isBackedUpKey = (store: string, key: string) =>
  store !== ATTACHMENT_STORE || !LEGACY_KEY_PREFIXES.some((prefix) => key.startsWith(prefix));
