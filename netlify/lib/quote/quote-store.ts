/**
 * The quote records in Netlify Database (docs/database.md): one `leads` row per quote request and
 * the submit idempotency keys. The only module that reads or writes those tables row by row; the
 * desk's lists and counts are queries of their own (desk/lead-desk.ts). The lead's e-mails are rows
 * of the one outbox, `mail_jobs` (mail/lead-mail.ts). Attachment bytes stay in Blobs
 * (attachment-store.ts).
 *
 * The code works on a `QuoteRecord`: the row and the state of its e-mails as one object.
 * `updateQuote` reads it under the row's lock, lets the caller decide, and writes back what changed
 * in the same transaction, so the desk and the unsubscribe link never lose each other's change. An
 * e-mail's state is the sender's to change: a change only queues a new one.
 */
import type { LeadNote, LeadSource, LeadStatus } from "../../../src/lib/lead-model.ts";
import { isKeptStatus, isLeadStatus, sourceLabel } from "../../../src/lib/lead-model.ts";
import type { StoredEstimate } from "../../../src/lib/price-guide/estimate.ts";
import type { LeadAddress } from "../../../src/lib/quote/address.ts";
import type { QuoteFields } from "../../../src/lib/quote/rules.ts";
import type { NotificationKind } from "../../../src/lib/notification-status.ts";
import { NOTIFICATION_KINDS } from "../../../src/lib/notification-status.ts";
import { leadMailOf, notificationOf, queueLeadMail, type LeadMailRow } from "../mail/lead-mail.ts";
import type { NotificationState } from "../mail/notification-state.ts";
import { database, transaction, violatedUnique, type Queryable } from "../database/database.ts";
import { isUuidAnyCase } from "../http/uuid.ts";
import { isoOrNull } from "../http/iso-time.ts";
import { searchTextOf } from "./lead-search.ts";
import { newReference } from "./reference.ts";

export interface StoredAttachment {
  id: string;
  /** Original file name: metadata only. */
  name: string;
  size: number;
  /** Detected from the content. */
  type: string;
}

export interface QuoteRecord extends QuoteFields {
  id: string;
  createdAt: string;
  attachments: StoredAttachment[];
  /** Short code the customer is told; absent on quotes stored before references existed. */
  reference?: string;
  status?: LeadStatus;
  notes?: LeadNote[];
  source?: LeadSource;
  /** The e-mails of this quote (mail/lead-mail.ts); absent on quotes stored before e-mail existed. */
  notifications?: NotificationState[];
  /** The price guide range the visitor saw, worked out by the server (quote/estimate.ts). */
  estimate?: StoredEstimate;
  /** The property's address as the visitor gave it (src/lib/quote/address.ts); absent when not given. */
  address?: LeadAddress;
  /** What the owner quoted, in whole pounds with VAT, once the lead is quoted (price guide calibration). */
  quotedAmount?: number;
  /** When the quoted amount was last set. */
  quotedAt?: string;
  /** When the status last changed; absent until it first does. */
  statusChangedAt?: string;
  /** When the lead first became `completed`: its one review request was queued then. */
  completedAt?: string;
  /**
   * Present once the review e-mails were queued, with when the customer used their unsubscribe
   * link. The links' tokens are kept only as hashes (netlify/lib/links/link-tokens.ts).
   */
  review?: { optedOutAt?: string };
  /** The row's version: raised by every change of the lead (its ETag). 1 when never changed. */
  revision?: number;
  /** The hashed idempotency key the quote was sent with, so erasing the quote removes it too. */
  idempotencyKeyHash?: string;
}

export interface IdempotencyRecord {
  quoteId: string;
  createdAt: string;
}

// ---------------------------------------------------------------------------------------------
// Rows ⇄ records

interface LeadRow {
  id: string;
  reference: string | null;
  created_at: Date;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  service: string;
  message: string;
  attachments: StoredAttachment[];
  status: string;
  status_changed_at: Date | null;
  completed_at: Date | null;
  notes: LeadNote[];
  source: LeadSource | null;
  estimate: StoredEstimate | null;
  quoted_amount: number | null;
  quoted_at: Date | null;
  review_requested: boolean;
  review_opted_out_at: Date | null;
  idempotency_key_hash: string | null;
  address_line1: string | null;
  town: string | null;
  postcode: string | null;
  version: number;
}

export const LEAD_COLUMNS = `id, reference, created_at, first_name, last_name, email, phone, service, message,
  attachments, status, status_changed_at, completed_at, notes, source, estimate, quoted_amount, quoted_at,
  review_requested, review_opted_out_at, idempotency_key_hash, address_line1, town, postcode, version`;

const kindOrder = (kind: NotificationKind) => NOTIFICATION_KINDS.indexOf(kind);

/** The record of a lead row and its e-mail rows (any order). */
export function recordOf(row: LeadRow, emails: readonly LeadMailRow[]): QuoteRecord {
  const record: QuoteRecord = {
    id: row.id,
    createdAt: row.created_at.toISOString(),
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    serviceRequired: row.service,
    message: row.message,
    attachments: row.attachments,
    status: isLeadStatus(row.status) ? row.status : "new",
    notes: row.notes,
    revision: row.version,
  };
  if (row.reference !== null) record.reference = row.reference;
  if (row.source !== null) record.source = row.source;
  if (emails.length)
    record.notifications = [...emails]
      .sort((a, b) => kindOrder(a.kind) - kindOrder(b.kind))
      .map(notificationOf);
  if (row.estimate !== null) record.estimate = row.estimate;
  if (row.quoted_amount !== null) record.quotedAmount = row.quoted_amount;
  const quotedAt = isoOrNull(row.quoted_at);
  if (quotedAt) record.quotedAt = quotedAt;
  const statusChangedAt = isoOrNull(row.status_changed_at);
  if (statusChangedAt) record.statusChangedAt = statusChangedAt;
  const completedAt = isoOrNull(row.completed_at);
  if (completedAt) record.completedAt = completedAt;
  if (row.review_requested) {
    record.review = {};
    const optedOutAt = isoOrNull(row.review_opted_out_at);
    if (optedOutAt) record.review.optedOutAt = optedOutAt;
  }
  if (row.idempotency_key_hash !== null) record.idempotencyKeyHash = row.idempotency_key_hash;
  if (row.address_line1 !== null || row.town !== null || row.postcode !== null)
    record.address = { line1: row.address_line1 ?? "", town: row.town ?? "", postcode: row.postcode ?? "" };
  return record;
}

/** The values of a record's lead columns, in the order of LEAD_VALUES_SQL (version aside). */
function leadValues(record: QuoteRecord): unknown[] {
  return [
    record.id,
    record.reference ?? null,
    record.createdAt,
    record.firstName,
    record.lastName,
    record.email,
    record.phone,
    record.serviceRequired,
    record.message,
    JSON.stringify(record.attachments),
    isLeadStatus(record.status) ? record.status : "new",
    record.statusChangedAt ?? null,
    record.completedAt ?? null,
    JSON.stringify(record.notes ?? []),
    record.source ? JSON.stringify(record.source) : null,
    sourceLabel(record.source),
    record.estimate ? JSON.stringify(record.estimate) : null,
    record.quotedAmount ?? null,
    record.quotedAt ?? null,
    record.review !== undefined,
    record.review?.optedOutAt ?? null,
    record.idempotencyKeyHash ?? null,
    searchTextOf(record),
    record.address?.line1 || null,
    record.address?.town || null,
    record.address?.postcode || null,
  ];
}

const WRITTEN_COLUMNS = `id, reference, created_at, first_name, last_name, email, phone, service, message,
  attachments, status, status_changed_at, completed_at, notes, source, source_label, estimate, quoted_amount,
  quoted_at, review_requested, review_opted_out_at, idempotency_key_hash, search_text, address_line1, town,
  postcode`;
const PLACEHOLDERS = Array.from({ length: 26 }, (_, index) => `$${index + 1}`).join(", ");

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

// ---------------------------------------------------------------------------------------------
// Reads

/** The records of lead rows already read (one query for all their e-mails), in the rows' order. */
export async function recordsOf(
  rows: readonly LeadRow[],
  client: Queryable = database(),
): Promise<QuoteRecord[]> {
  const emails = await leadMailOf(
    client,
    rows.map((row) => row.id),
  );
  return rows.map((row) => recordOf(row, emails.get(row.id) ?? []));
}

/** The record, or null when there is none. */
export async function readQuote(id: string): Promise<QuoteRecord | null> {
  if (!isUuidAnyCase(id)) return null;
  const { rows } = await database().query<LeadRow>(`SELECT ${LEAD_COLUMNS} FROM leads WHERE id = $1`, [id]);
  const row = rows[0];
  return row ? ((await recordsOf([row]))[0] ?? null) : null;
}

/** The records of these ids that exist, in no particular order. */
export async function readQuotes(ids: readonly string[]): Promise<QuoteRecord[]> {
  const valid = ids.filter((id) => isUuidAnyCase(id));
  if (!valid.length) return [];
  const { rows } = await database().query<LeadRow>(
    `SELECT ${LEAD_COLUMNS} FROM leads WHERE id = ANY($1::uuid[])`,
    [valid],
  );
  return recordsOf(rows);
}

/** The property's address given with a lead's request (null: none given, or no such lead). */
export async function leadAddress(client: Queryable, leadId: string): Promise<LeadAddress | null> {
  const { rows } = await client.query<Pick<LeadRow, "address_line1" | "town" | "postcode">>(
    "SELECT address_line1, town, postcode FROM leads WHERE id = $1",
    [leadId],
  );
  const row = rows[0];
  if (!row || (row.address_line1 === null && row.town === null && row.postcode === null)) return null;
  return { line1: row.address_line1 ?? "", town: row.town ?? "", postcode: row.postcode ?? "" };
}

/** Which of these ids have a lead row. */
export async function existingQuoteIds(ids: readonly string[]): Promise<Set<string>> {
  const valid = ids.filter((id) => isUuidAnyCase(id));
  if (!valid.length) return new Set();
  const { rows } = await database().query<{ id: string }>("SELECT id FROM leads WHERE id = ANY($1::uuid[])", [
    valid,
  ]);
  return new Set(rows.map((row) => row.id));
}

// ---------------------------------------------------------------------------------------------
// Writes

/**
 * Stores a new quote and its e-mails in one transaction: the commit point of a quote (its
 * attachments are written before). A reference another lead holds already is drawn again. False
 * when a lead with this id exists already (a retried submit that lost the race): nothing is written.
 */
export async function insertQuote(
  record: QuoteRecord,
  now = Date.now(),
): Promise<{ inserted: boolean; reference?: string }> {
  let reference = record.reference;
  for (let attempt = 0; ; attempt++) {
    try {
      return await transaction(async (client) => {
        const values = leadValues({ ...record, ...(reference ? { reference } : {}) });
        const { rowCount } = await client.query(
          `INSERT INTO leads (${WRITTEN_COLUMNS}) VALUES (${PLACEHOLDERS}) ON CONFLICT (id) DO NOTHING`,
          values,
        );
        if (!rowCount) return { inserted: false };
        // The reference is issued for good: an erased lead's code is never drawn again.
        if (reference)
          await client.query("INSERT INTO issued_references (reference, issued_at) VALUES ($1, $2)", [
            reference,
            record.createdAt,
          ]);
        for (const n of record.notifications ?? []) await queueLeadMail(client, record.id, n, now);
        return { inserted: true, ...(reference ? { reference } : {}) };
      });
    } catch (error) {
      // About one clash in 10⁸ per pair of references: draw another.
      const clash = violatedUnique(error);
      if ((clash === "issued_references_pkey" || clash === "leads_reference_key") && attempt < 8) {
        reference = newReference();
        continue;
      }
      throw error;
    }
  }
}

/** What a change decides: the record to store (none: store nothing) and what the caller gets. */
export interface Update<R> {
  next?: QuoteRecord;
  result: R;
}

/**
 * Changes one record under its row lock: `change` gets the current record (null when there is
 * none) and decides; what it returns as `next` is written in the same transaction. The lead row is
 * written (and its version raised) only when a lead field changed; an e-mail of a kind the lead did
 * not have (the review request of a first `completed`) is queued. The e-mails the lead has are the
 * sender's: a change never writes their state back.
 */
export async function updateQuote<R>(
  id: string,
  change: (record: QuoteRecord | null, client: Queryable) => Update<R> | Promise<Update<R>>,
  now = Date.now(),
): Promise<R> {
  return transaction(async (client) => {
    const { rows } = isUuidAnyCase(id)
      ? await client.query<LeadRow>(`SELECT ${LEAD_COLUMNS} FROM leads WHERE id = $1 FOR UPDATE`, [id])
      : { rows: [] as LeadRow[] };
    const row = rows[0];
    const current = row ? ((await recordsOf([row], client))[0] ?? null) : null;
    const { next, result } = await change(current, client);
    if (!next || !current) return result;
    const before = leadValues(current);
    const after = leadValues({ ...next, id: current.id });
    if (!sameJson(before, after)) {
      const assignments = WRITTEN_COLUMNS.split(",")
        .map((column, index) => `${column.trim()} = $${index + 1}`)
        .slice(1)
        .join(", ");
      const { rows: written } = await client.query<{ version: number }>(
        `UPDATE leads SET ${assignments}, version = version + 1 WHERE id = $1 RETURNING version`,
        after,
      );
      next.revision = written[0]?.version ?? next.revision;
    }
    const previous = new Set((current.notifications ?? []).map((n) => n.kind));
    for (const n of next.notifications ?? [])
      if (!previous.has(n.kind)) await queueLeadMail(client, current.id, n, now);
    return result;
  });
}

/**
 * Erases a lead's rows in one transaction: its tombstone first (`recordTombstone`, given the
 * transaction), then the row with its e-mails (the foreign key takes them) and its idempotency key. With `expiredBefore`
 * (retention) the lead is erased only if, under its row lock, it is still older than that and did
 * not become work. Answers what was erased (null: nothing), with the keys its records had.
 */
export async function deleteQuoteRows(
  id: string,
  recordTombstone: (client: Queryable) => Promise<void>,
  options: { expiredBefore?: string } = {},
): Promise<{ reference: string | null; idempotencyKeyHash: string | null } | null> {
  if (!isUuidAnyCase(id)) return null;
  return transaction(async (client) => {
    const { rows } = await client.query<{
      status: string;
      created_at: Date;
      reference: string | null;
      idempotency_key_hash: string | null;
    }>("SELECT status, created_at, reference, idempotency_key_hash FROM leads WHERE id = $1 FOR UPDATE", [
      id,
    ]);
    const row = rows[0];
    if (options.expiredBefore !== undefined) {
      if (!row || isKeptStatus(row.status) || row.created_at.toISOString() >= options.expiredBefore)
        return null;
    }
    await recordTombstone(client);
    await client.query("DELETE FROM leads WHERE id = $1", [id]);
    await client.query("DELETE FROM idempotency_keys WHERE lead_id = $1", [id]);
    return row ? { reference: row.reference, idempotencyKeyHash: row.idempotency_key_hash } : null;
  });
}

// ---------------------------------------------------------------------------------------------
// Idempotency keys

/**
 * Binds an idempotency key (hashed) to a submission id, unless it is bound already.
 * Returns the binding that holds after the call.
 */
export async function claimIdempotencyKey(
  hash: string,
  proposal: IdempotencyRecord,
): Promise<IdempotencyRecord> {
  const { rows } = await database().query<{ lead_id: string; created_at: Date }>(
    `WITH claimed AS (
       INSERT INTO idempotency_keys (key_hash, lead_id, created_at) VALUES ($1, $2, $3)
       ON CONFLICT (key_hash) DO NOTHING RETURNING lead_id, created_at)
     SELECT lead_id, created_at FROM claimed
     UNION ALL SELECT lead_id, created_at FROM idempotency_keys WHERE key_hash = $1
     LIMIT 1`,
    [hash, proposal.quoteId, proposal.createdAt],
  );
  const row = rows[0];
  // Empty only when a parallel claim committed while this statement waited: read it now.
  return row
    ? { quoteId: row.lead_id, createdAt: row.created_at.toISOString() }
    : ((await readIdempotencyKey(hash)) ?? proposal);
}

/** The submission an idempotency key (hashed) is bound to, or null. */
export async function readIdempotencyKey(hash: string): Promise<IdempotencyRecord | null> {
  const { rows } = await database().query<{ lead_id: string; created_at: Date }>(
    "SELECT lead_id, created_at FROM idempotency_keys WHERE key_hash = $1",
    [hash],
  );
  const row = rows[0];
  return row ? { quoteId: row.lead_id, createdAt: row.created_at.toISOString() } : null;
}
