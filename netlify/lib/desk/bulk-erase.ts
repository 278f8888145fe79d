/**
 * Cleaning up after a flood (docs/security.md, "Quotes per client"): the owner erases every lead of
 * one source (the chart's label: a campaign's utm_source, a referring site, "Direct") and/or one
 * span of days, in two steps: a count of what matches, then the erasure of exactly that many. Leads
 * that became work (`won`, `completed`) are never part of it.
 *
 * One transaction writes a tombstone per lead and one activity log entry with the count, and
 * deletes the leads' rows, their accounts kept pseudonymised (payments/records-erasure.ts); then
 * their attachment files go. The count the owner confirmed must still
 * be the count, or nothing is erased (409): quotes arriving meanwhile are never swept up unseen.
 */
import * as z from "zod/mini";
import "../../../src/lib/zod-locale.ts";
import { LEAD_KEPT_STATUSES } from "../../../src/lib/lead-model.ts";
import { recordAudit } from "../admin/audit-store.ts";
import { transaction, type Queryable } from "../database/database.ts";
import { HttpError } from "../http/http-error.ts";
import { keepingAccounts, pseudonymiseAccounts } from "../payments/records-erasure.ts";
import { deleteAttachments, deleteLegacyRecord } from "../quote/attachment-store.ts";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** More than a flood of a day or two from many networks; one call stays well inside a function's time. */
export const BULK_ERASE_MAX = 5000;

export const BulkEraseBody = z
  .strictObject({
    source: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(120))),
    from: z.optional(z.string().check(z.regex(DAY, "from must be a date (yyyy-mm-dd)"))),
    to: z.optional(z.string().check(z.regex(DAY, "to must be a date (yyyy-mm-dd)"))),
    /** The count the owner was shown and confirms; absent: only count. */
    confirm: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(BULK_ERASE_MAX))),
  })
  .check(
    z.refine((body) => body.source !== undefined || body.from !== undefined || body.to !== undefined, {
      message: "Choose a source or a range of days",
    }),
    z.refine((body) => !body.from || !body.to || body.from <= body.to, {
      message: "The range ends before it starts",
    }),
  );

export type BulkErase = z.output<typeof BulkEraseBody>;

/** The condition and its values; days are UK days (Europe/London), both ends included. */
function whereOf(filter: BulkErase): { sql: string; values: unknown[] } {
  const values: unknown[] = [LEAD_KEPT_STATUSES];
  const conditions = ["NOT (status = ANY($1::text[]))"];
  if (filter.source !== undefined) {
    values.push(filter.source.toLowerCase());
    conditions.push(`lower(source_label) = $${values.length}`);
  }
  if (filter.from) {
    values.push(filter.from);
    conditions.push(`created_at >= ($${values.length}::date::timestamp AT TIME ZONE 'Europe/London')`);
  }
  if (filter.to) {
    values.push(filter.to);
    conditions.push(`created_at < (($${values.length}::date + 1)::timestamp AT TIME ZONE 'Europe/London')`);
  }
  return { sql: conditions.join(" AND "), values };
}

async function matching(client: Queryable, filter: BulkErase, lock: boolean) {
  const where = whereOf(filter);
  const { rows } = await client.query<{
    id: string;
    reference: string | null;
    idempotency_key_hash: string | null;
  }>(
    `SELECT id, reference, idempotency_key_hash FROM leads WHERE ${where.sql}
      ORDER BY created_at LIMIT ${BULK_ERASE_MAX + 1}${lock ? " FOR UPDATE" : ""}`,
    where.values,
  );
  return rows;
}

/**
 * Without `confirm`: how many leads match. With it: erases them if that is still how many match;
 * 409 otherwise. `session` names the owner's session in the activity log.
 */
export async function bulkErase(
  filter: BulkErase,
  session?: string,
  now = Date.now(),
): Promise<{ matches: number } | { erased: number }> {
  if (filter.confirm === undefined) {
    const rows = await transaction((client) => matching(client, filter, false));
    if (rows.length > BULK_ERASE_MAX)
      throw new HttpError(400, `More than ${BULK_ERASE_MAX} leads match: choose a narrower range`);
    return { matches: rows.length };
  }
  const confirmed = filter.confirm;
  const candidates = (await transaction((client) => matching(client, filter, false))).map((row) => row.id);
  const erased = await keepingAccounts(candidates, () =>
    transaction(async (client) => {
      const rows = await matching(client, filter, true);
      if (rows.length !== confirmed)
        throw new HttpError(
          409,
          `${rows.length} leads match now, not ${confirmed}: check the count again before erasing`,
        );
      const ids = rows.map((row) => row.id);
      await pseudonymiseAccounts(client, ids);
      const at = new Date(now).toISOString();
      await client.query(
        `INSERT INTO erased_leads (lead_id, erased_at, erased_by) SELECT unnest($1::uuid[]), $2, 'owner'
       ON CONFLICT (lead_id) DO UPDATE SET erased_at = EXCLUDED.erased_at, erased_by = EXCLUDED.erased_by`,
        [ids, at],
      );
      await client.query("DELETE FROM leads WHERE id = ANY($1::uuid[])", [ids]);
      await client.query("DELETE FROM idempotency_keys WHERE lead_id = ANY($1::uuid[])", [ids]);
      await recordAudit("bulk-erase", { count: ids.length, ...(session ? { session } : {}) }, now, client);
      return rows;
    }),
  );
  // The files, after the rows: a file left by a failure here is an orphan the hourly clean-up removes.
  for (const row of erased) {
    await deleteAttachments(row.id);
    await deleteLegacyRecord(row.id, {
      reference: row.reference,
      idempotencyKeyHash: row.idempotency_key_hash,
    });
  }
  return { erased: erased.length };
}
