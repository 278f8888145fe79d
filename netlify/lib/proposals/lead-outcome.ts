/**
 * What a written quote does to its lead, inside the quote's own transaction: the lead is locked
 * first (every proposal change takes the lead's row lock before its proposal's, so two changes of
 * one lead queue up rather than deadlock), then its status, a dated note and, when a quote is sent,
 * the quoted amount the price guide's calibration reads. The row's version is raised, as any lead
 * change raises it (its ETag); search_text is left alone: nothing it holds changes.
 */
import { LEAD_MAX_NOTES, type LeadNote, type LeadStatus } from "../../../src/lib/lead-model.ts";
import type { Queryable } from "../database/database.ts";
import { HttpError } from "../http/http-error.ts";

export interface LockedLead {
  id: string;
  reference: string | null;
  status: LeadStatus;
  firstName: string;
  lastName: string;
  email: string;
  /** The service of the quote form, which decides the guarantee's term (docs/payments.md). */
  service: string;
  /** A trade customer's VAT number (the reverse charge), else null. */
  tradeVatNumber: string | null;
}

/** Locks the lead's row for the rest of the transaction; 404 when there is none. */
export async function lockLead(client: Queryable, leadId: string): Promise<LockedLead> {
  const { rows } = await client.query<{
    id: string;
    reference: string | null;
    status: LeadStatus;
    first_name: string;
    last_name: string;
    email: string;
    service: string;
    trade_vat_number: string | null;
  }>(
    "SELECT id, reference, status, first_name, last_name, email, service, trade_vat_number FROM leads WHERE id = $1 FOR UPDATE",
    [leadId],
  );
  const row = rows[0];
  if (!row) throw new HttpError(404, "Submission not found");
  return {
    id: row.id,
    reference: row.reference,
    status: row.status,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    service: row.service,
    tradeVatNumber: row.trade_vat_number,
  };
}

/**
 * Sets the locked lead's status (dated when it changes), appends a note, and with `quotedAmount`
 * (whole pounds with VAT) records what was quoted and when.
 */
export async function recordLeadOutcome(
  client: Queryable,
  leadId: string,
  change: { status?: LeadStatus; note: string; quotedAmount?: number | null },
  now: number,
): Promise<void> {
  const at = new Date(now).toISOString();
  const { rows } = await client.query<{ notes: LeadNote[] }>("SELECT notes FROM leads WHERE id = $1", [
    leadId,
  ]);
  const notes = [...(rows[0]?.notes ?? []), { at, text: change.note }].slice(-LEAD_MAX_NOTES);
  const values: unknown[] = [leadId, JSON.stringify(notes), change.status ?? null, at];
  let quoted = "";
  if (change.quotedAmount !== undefined) {
    values.push(change.quotedAmount, change.quotedAmount === null ? null : at);
    quoted = ", quoted_amount = $5, quoted_at = $6";
  }
  await client.query(
    `UPDATE leads SET notes = $2,
        status_changed_at = CASE WHEN $3::text IS NOT NULL AND status <> $3::text THEN $4::timestamptz ELSE status_changed_at END,
        status = COALESCE($3::text, status)${quoted}, version = version + 1
      WHERE id = $1`,
    values,
  );
}
