/**
 * The accounts when a lead is erased, and when their time is up (docs/payments.md, "Keeping the
 * records"). HMRC asks for the records of a sale to be kept six years, so an erasure keeps a job's
 * invoice, receipts, refunds and credit notes (and their payments), pseudonymised: the customer becomes
 * ERASED_CUSTOMER, the invoice's address is emptied, a refund's note goes; numbers, amounts and
 * dates stay (UK GDPR art. 17(3)(b) and 6(1)(c)). The PDFs as issued (`issued_documents`) stay too,
 * byte for byte: a VAT invoice is kept as issued, naming its customer. Every document is drawn
 * before the erasure (`documentsToDraw`), so none is ever drawn from pseudonymised rows. A
 * guarantee keeps the property, the work and the dates its public check needs, not the name.
 *
 * The retention job (`deleteExpiredAccounts`) then deletes an erased lead's job, its records and
 * their bytes together, once six years have passed since the end of the tax year (5 April) of its
 * latest record; and a guarantee six years after its term ended. The document counters are never
 * touched: the numbers never run again.
 */
import { ACCOUNTS_KEPT_YEARS, ERASED_CUSTOMER } from "../../../src/lib/payments/erased-accounts.ts";
import { addDays, londonDate } from "../../../src/lib/visits/london-time.ts";
import { recordAudit } from "../admin/audit-store.ts";
import { database, transaction, type Queryable } from "../database/database.ts";
import { HttpError } from "../http/http-error.ts";
import { mailSettings } from "../mail/mailer.ts";
import { issuedPdf } from "./issued-documents.ts";

const NO_ADDRESS = { line1: "", town: "", postcode: "" };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Thrown inside an erasure when a document of the lead is not kept as bytes yet: draw it, then try again. */
export class DocumentsNotDrawn extends Error {
  constructor(readonly numbers: string[]) {
    super(`${numbers.length} documents not drawn yet`);
  }
}

/**
 * The numbered documents of these leads' jobs (invoices, receipts, credit notes, guarantee
 * certificates) whose bytes are not kept yet.
 */
export async function documentsToDraw(client: Queryable, leadIds: string[]): Promise<string[]> {
  const { rows } = await client.query<{ number: string }>(
    `WITH jobs AS (SELECT id FROM proposals WHERE lead_id = ANY($1::uuid[]))
     SELECT number FROM (
       SELECT number FROM invoices WHERE proposal_id IN (SELECT id FROM jobs)
       UNION ALL SELECT receipt_number FROM payments WHERE proposal_id IN (SELECT id FROM jobs)
       UNION ALL SELECT credit_note_number FROM payment_voids WHERE proposal_id IN (SELECT id FROM jobs)
       UNION ALL SELECT number FROM guarantees WHERE proposal_id IN (SELECT id FROM jobs)
     ) documents
     WHERE NOT EXISTS (SELECT 1 FROM issued_documents kept WHERE kept.number = documents.number)
     ORDER BY number`,
    [leadIds],
  );
  return rows.map((row) => row.number);
}

/** Draws (and so keeps) every document of these leads not kept yet, from their records as they are. */
async function drawDocuments(leadIds: string[]): Promise<void> {
  // An id that is no lead's (not even a UUID) has nothing to draw.
  const ids = leadIds.filter((id) => UUID.test(id));
  if (!ids.length) return;
  const numbers = await documentsToDraw(database(), ids);
  if (!numbers.length) return;
  const { siteUrl } = await mailSettings();
  for (const number of numbers) await issuedPdf(number, siteUrl);
}

/**
 * Runs `erase` (whose transaction calls pseudonymiseAccounts) once every document of the leads is
 * kept as issued. A payment recorded between the drawing and the erasure's lock draws again; a
 * third miss is a 409 and nothing is erased.
 */
export async function keepingAccounts<T>(leadIds: string[], erase: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    await drawDocuments(leadIds);
    try {
      return await erase();
    } catch (error) {
      if (!(error instanceof DocumentsNotDrawn)) throw error;
      if (attempt === 3) throw new HttpError(409, "Its documents are being issued: try again in a moment");
    }
  }
}

/**
 * Inside the erasing transaction, before the leads' rows are deleted: locks their quotes (no
 * payment can be recorded against them meanwhile), checks that every document is kept as issued
 * (else DocumentsNotDrawn, and nothing is written) and pseudonymises the accounts. The lead's
 * deletion then clears their link to the quote (ON DELETE SET NULL).
 */
export async function pseudonymiseAccounts(client: Queryable, leadIds: string[]): Promise<void> {
  const { rows } = await client.query<{ id: string }>(
    "SELECT id FROM proposals WHERE lead_id = ANY($1::uuid[]) ORDER BY id FOR UPDATE",
    [leadIds],
  );
  if (!rows.length) return;
  const jobs = rows.map((row) => row.id);
  const missing = await documentsToDraw(client, leadIds);
  if (missing.length) throw new DocumentsNotDrawn(missing);
  // The written quotes as sent are no accounting record: their PDFs go with the lead.
  await client.query(
    `DELETE FROM issued_documents WHERE number IN (
       SELECT number FROM proposals WHERE id = ANY($1::uuid[]) AND number IS NOT NULL
       UNION ALL SELECT number || '/accepted' FROM proposals WHERE id = ANY($1::uuid[]) AND number IS NOT NULL)`,
    [jobs],
  );
  await client.query(
    `UPDATE invoices SET customer_name = $2, customer_address = $3::jsonb,
            document = jsonb_set(document, '{customer}', jsonb_build_object('name', $2::text, 'address', $3::jsonb))
      WHERE proposal_id = ANY($1::uuid[])`,
    [jobs, ERASED_CUSTOMER, JSON.stringify(NO_ADDRESS)],
  );
  await client.query("UPDATE payments SET customer_name = $2 WHERE proposal_id = ANY($1::uuid[])", [
    jobs,
    ERASED_CUSTOMER,
  ]);
  await client.query(
    `UPDATE payment_voids SET customer_name = $2,
            document = jsonb_set(document, '{customer}', jsonb_build_object('name', $2::text))
      WHERE proposal_id = ANY($1::uuid[])`,
    [jobs, ERASED_CUSTOMER],
  );
  await client.query(
    "UPDATE refunds SET customer_name = $2, note = NULL WHERE proposal_id = ANY($1::uuid[])",
    [jobs, ERASED_CUSTOMER],
  );
  await client.query("UPDATE guarantees SET customer_name = $2 WHERE proposal_id = ANY($1::uuid[])", [
    jobs,
    ERASED_CUSTOMER,
  ]);
}

/**
 * The last day of the tax year whose records may go on `today` (a UK date): the latest 5 April
 * with six full years after it. A job whose latest record is on or before it is deleted.
 * 2033-04-06 → 2027-04-05; 2033-04-05 → 2026-04-05.
 */
export function accountsCutoff(today: string): string {
  const year = Number(today.slice(0, 4)) - ACCOUNTS_KEPT_YEARS;
  return today.slice(5) > "04-05" ? `${year}-04-05` : `${year - 1}-04-05`;
}

/** The last `valid_until` of a guarantee that may go on `today`: its term ended six years before. */
export function guaranteeCutoff(today: string): string {
  const year = String(Number(today.slice(0, 4)) - ACCOUNTS_KEPT_YEARS).padStart(4, "0");
  // 29 February six years back is 28 February; the day before the same day is the cutoff.
  const sameDay = `${year}${today.slice(4) === "-02-29" ? "-03-01" : today.slice(4)}`;
  return addDays(sameDay, -1);
}

/** Jobs (by quote number) looked at per transaction. */
const ROUND = 200;

export interface AccountsRetentionReport {
  /** Invoices, receipts and refunds deleted (whole jobs). */
  records: number;
  guarantees: number;
  finished: boolean;
}

/**
 * Jobs of erased leads whose latest record is on or before `cutoff`. A job's invoice, payments and
 * refunds and voids (with their credit notes) go together, so no payment outlives the invoice it
 * pays.
 */
async function expiredJobs(client: Queryable, cutoff: string): Promise<string[]> {
  const { rows } = await client.query<{ proposal_number: string }>(
    `SELECT proposal_number FROM (
       SELECT proposal_number, issued_on AS day, proposal_id IS NULL AS erased FROM invoices
       UNION ALL SELECT proposal_number, received_on, proposal_id IS NULL FROM payments
       UNION ALL SELECT proposal_number, (COALESCE(confirmed_at, due_at) AT TIME ZONE 'Europe/London')::date,
                        proposal_id IS NULL FROM refunds
       UNION ALL SELECT proposal_number, voided_on, proposal_id IS NULL FROM payment_voids
     ) records
     WHERE proposal_number IN (
       SELECT proposal_number FROM invoices WHERE proposal_id IS NULL AND issued_on <= $1::date
       UNION SELECT proposal_number FROM payments WHERE proposal_id IS NULL AND received_on <= $1::date
       UNION SELECT proposal_number FROM refunds WHERE proposal_id IS NULL)
     GROUP BY proposal_number
     HAVING bool_and(erased) AND max(day) <= $1::date
     ORDER BY proposal_number LIMIT ${ROUND}`,
    [cutoff],
  );
  return rows.map((row) => row.proposal_number);
}

/**
 * Deletes these jobs' records and their PDFs, in the order the foreign keys ask: a guarantee kept
 * longer forgets its invoice's number; the bytes; refunds; the voids (their credit notes), which
 * refer to payments; payments; the invoices. Returns how many records went.
 */
async function deleteJobs(client: Queryable, jobs: string[]): Promise<number> {
  const erased = "proposal_number = ANY($1::text[]) AND proposal_id IS NULL";
  await client.query(
    `UPDATE guarantees SET invoice_number = NULL
      WHERE invoice_number IN (SELECT number FROM invoices WHERE ${erased})`,
    [jobs],
  );
  await client.query(
    `DELETE FROM issued_documents WHERE number IN (
       SELECT number FROM invoices WHERE ${erased} UNION ALL SELECT receipt_number FROM payments WHERE ${erased}
       UNION ALL SELECT credit_note_number FROM payment_voids WHERE ${erased})`,
    [jobs],
  );
  const refunds = await client.query(`DELETE FROM refunds WHERE ${erased}`, [jobs]);
  const voids = await client.query(`DELETE FROM payment_voids WHERE ${erased}`, [jobs]);
  const payments = await client.query(`DELETE FROM payments WHERE ${erased}`, [jobs]);
  const invoices = await client.query(`DELETE FROM invoices WHERE ${erased}`, [jobs]);
  return (
    (refunds.rowCount ?? 0) + (voids.rowCount ?? 0) + (payments.rowCount ?? 0) + (invoices.rowCount ?? 0)
  );
}

/** Erased leads' guarantees whose term ended on or before `cutoff`, with their certificates' bytes. */
async function deleteGuarantees(client: Queryable, cutoff: string): Promise<number> {
  const { rows } = await client.query<{ number: string }>(
    `SELECT number FROM guarantees WHERE proposal_id IS NULL AND valid_until <= $1::date
      ORDER BY valid_until LIMIT ${ROUND} FOR UPDATE`,
    [cutoff],
  );
  const numbers = rows.map((row) => row.number);
  if (!numbers.length) return 0;
  await client.query("DELETE FROM issued_documents WHERE number = ANY($1::text[])", [numbers]);
  await client.query("DELETE FROM guarantees WHERE number = ANY($1::text[])", [numbers]);
  return numbers.length;
}

/**
 * One run of the retention job over the accounts: erased leads' jobs past six years after their tax
 * year, and guarantees six years after their term, ROUND at a time, each round in one transaction
 * with one activity log entry (a count, nothing else), until none is left or `deadline` passes.
 */
export async function deleteExpiredAccounts(
  now = Date.now(),
  deadline = Date.now() + 10_000,
): Promise<AccountsRetentionReport> {
  const today = londonDate(now);
  const report = { records: 0, guarantees: 0, finished: false };
  while (Date.now() < deadline) {
    const round = await transaction(async (client) => {
      const jobs = await expiredJobs(client, accountsCutoff(today));
      const records = jobs.length ? await deleteJobs(client, jobs) : 0;
      const guarantees = await deleteGuarantees(client, guaranteeCutoff(today));
      if (records + guarantees)
        await recordAudit("retention-accounts", { count: records + guarantees }, now, client);
      return { records, guarantees, more: jobs.length === ROUND || guarantees === ROUND };
    });
    report.records += round.records;
    report.guarantees += round.guarantees;
    if (!round.more) return { ...report, finished: true };
  }
  return report;
}
