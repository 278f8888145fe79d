/**
 * The owner's side of written quotes (docs/proposals.md): build a draft on a lead, change it while
 * it is a draft, send it (frozen, numbered, e-mailed; the lead becomes `quoted` with the quoted
 * amount), withdraw it, and the summaries the lead desk shows. Every change runs in one transaction
 * that locks the lead first, with the e-mails it makes due queued in it.
 */
import { randomUUID } from "node:crypto";
import { wholePounds, formatPounds } from "../../../src/lib/proposals/money.ts";
import {
  PROPOSAL_VALID_DAYS,
  REMINDER_AFTER_DAYS,
  REMINDER_BEFORE_EXPIRY_DAYS,
  type ProposalBody,
} from "../../../src/lib/proposals/proposal-schema.ts";
import type { QuoteView } from "../../../src/lib/proposals/quote-document.ts";
import { endOfUkDayAfter } from "../../../src/lib/proposals/uk-time.ts";
import { DAY_MS } from "../../../src/lib/visits/london-time.ts";
import { database, transaction, type Queryable } from "../database/database.ts";
import { ConflictError, HttpError, NotFoundError } from "../http/http-error.ts";
import { isUuid } from "../http/uuid.ts";
import { isoOrNull } from "../http/iso-time.ts";
import { cancelMail, enqueueMail } from "../mail/mail-queue.ts";
import { recordAudit } from "../admin/audit-store.ts";
import { lockLead, recordLeadOutcome } from "./lead-outcome.ts";
import {
  buildDocument,
  decisionOf,
  documentHashOf,
  effectiveStatus,
  proposalNumber,
} from "./proposal-document.ts";
import {
  acceptancesOf,
  insertProposal,
  proposalsOfLead,
  readProposal,
  setProposal,
  updateDraft,
  type ProposalRow,
} from "./proposal-records.ts";
import { newQuoteLink } from "./proposal-token.ts";
import { totalsOf, depositOf } from "../../../src/lib/proposals/money.ts";
import { payableOf } from "../../../src/lib/proposals/reverse-charge.ts";
import { PROPOSAL_MAIL } from "./proposal-mail-kinds.ts";

const notFound = () => new NotFoundError("Quote not found");

/**
 * The proposal as the admin API returns it. `customerUrl` is the link drawn when it was sent, in
 * the answer to the send only: the database keeps no token to show it again.
 */
export function toAdminProposal(
  row: ProposalRow,
  now = Date.now(),
  customerUrl: string | null = null,
  /** A draft's lead's VAT number (a trade customer's deposit is a share of the net). */
  tradeVatNumber: string | null = null,
) {
  const totals = totalsOf(row.lines);
  return {
    id: row.id,
    leadId: row.lead_id,
    version: row.version,
    number: row.number,
    status: effectiveStatus(row, now),
    lines: row.lines.map((line) => ({
      ...line,
      optional: line.optional === true,
      guaranteed: line.guaranteed !== false,
    })),
    depositPercent: row.deposit_percent,
    notes: row.notes,
    startWindow: row.start_window,
    totals,
    deposit: row.document
      ? row.document.deposit
      : depositOf(payableOf(totals, !!tradeVatNumber), row.deposit_percent),
    tradeCustomer: row.document
      ? (row.document.tradeCustomer ?? null)
      : tradeVatNumber
        ? { vatNumber: tradeVatNumber }
        : null,
    createdAt: row.created_at.toISOString(),
    sentAt: isoOrNull(row.sent_at),
    validUntil: isoOrNull(row.valid_until),
    viewedAt: isoOrNull(row.viewed_at),
    decidedAt: isoOrNull(row.decided_at),
    cancelledAt: isoOrNull(row.cancelled_at),
    withdrawnAt: isoOrNull(row.withdrawn_at),
    declineReason: row.decline_reason,
    documentHash: row.document_hash,
    customerUrl,
  };
}

/** `proposals` of GET /api/admin/contact-submissions/{id}: each quote of the lead, newest first. */
export async function proposalSummaries(leadId: string, now = Date.now()) {
  const rows = await proposalsOfLead(leadId);
  const acceptances = await acceptancesOf(rows.filter((row) => row.decided_at).map((row) => row.id));
  return rows.map((row) => {
    const acceptance = acceptances.get(row.id) ?? null;
    return {
      id: row.id,
      number: row.number,
      version: row.version,
      status: effectiveStatus(row, now),
      totals: acceptance
        ? { net: acceptance.totals.net, vat: acceptance.totals.vat, total: acceptance.totals.total }
        : totalsOf(row.lines),
      sentAt: isoOrNull(row.sent_at),
      viewedAt: isoOrNull(row.viewed_at),
      decidedAt: isoOrNull(row.decided_at),
      validUntil: isoOrNull(row.valid_until),
      cancelledAt: isoOrNull(row.cancelled_at),
      startEarly: acceptance?.start_early ?? null,
      declineReason: row.decline_reason,
    };
  });
}

export type AdminProposal = ReturnType<typeof toAdminProposal>;

const fields = (body: ProposalBody) => ({
  lines: body.lines.map((line) => ({
    ...line,
    optional: line.optional === true,
    guaranteed: line.guaranteed !== false,
  })),
  depositPercent: body.depositPercent,
  notes: body.notes ? body.notes : null,
  startWindow: body.startWindow ? body.startWindow : null,
});

export async function createProposal(
  leadId: string,
  body: ProposalBody,
  now = Date.now(),
): Promise<AdminProposal> {
  const { row, lead } = await transaction(async (client) => {
    const lead = await lockLead(client, leadId);
    return { row: await insertProposal(client, { id: randomUUID(), leadId, ...fields(body), now }), lead };
  });
  return toAdminProposal(row, now, null, lead.tradeVatNumber);
}

/** Locks the proposal's lead, then the proposal: the order every change of a quote takes. */
export async function lockProposal(client: Queryable, id: string): Promise<ProposalRow> {
  const unlocked = await readProposal(id, client);
  if (!unlocked) throw notFound();
  await lockLead(client, unlocked.lead_id);
  const row = await readProposal(id, client, true);
  if (!row) throw notFound();
  return row;
}

export async function getProposal(id: string, now = Date.now()): Promise<AdminProposal> {
  const row = isUuid(id) ? await readProposal(id) : null;
  if (!row) throw notFound();
  return toAdminProposal(row, now, null, await tradeVatNumberOf(row));
}

/** A draft's lead's VAT number when it is a trade customer (a sent quote has it in its document). */
async function tradeVatNumberOf(row: ProposalRow, client: Queryable = database()): Promise<string | null> {
  if (row.document) return null;
  const { rows } = await client.query<{ trade_vat_number: string | null }>(
    "SELECT trade_vat_number FROM leads WHERE id = $1",
    [row.lead_id],
  );
  return rows[0]?.trade_vat_number ?? null;
}

export async function changeProposal(
  id: string,
  body: ProposalBody,
  now = Date.now(),
): Promise<AdminProposal> {
  if (!isUuid(id)) throw notFound();
  const row = await transaction(async (client) => {
    const current = await lockProposal(client, id);
    if (current.status !== "draft")
      throw new ConflictError("Only a draft can be changed: this quote has been sent");
    const draft = await updateDraft(client, id, { ...fields(body), now });
    return { draft, vatNumber: await tradeVatNumberOf(draft, client) };
  });
  return toAdminProposal(row.draft, now, null, row.vatNumber);
}

/** The customer's name as the quote is addressed. */
const customerName = (lead: { firstName: string; lastName: string }) =>
  `${lead.firstName} ${lead.lastName}`.replace(/\s+/g, " ").trim();

/** The desk's preview: the document as it would be sent now, as the customer's page shows it. */
export async function previewProposal(id: string, now = Date.now()): Promise<QuoteView> {
  if (!isUuid(id)) throw notFound();
  return transaction(async (client) => {
    const row = await lockProposal(client, id);
    if (row.document) {
      const acceptance = (await acceptancesOf([row.id])).get(row.id) ?? null;
      return {
        ...row.document,
        status: effectiveStatus(row, now),
        documentHash: row.document_hash,
        decision: decisionOf(row, acceptance),
      };
    }
    const lead = await lockLead(client, row.lead_id);
    const document = await buildDocument(row, {
      number: proposalNumber(lead.reference, lead.id, row.version),
      issuedAt: now,
      validUntil: endOfUkDayAfter(now, PROPOSAL_VALID_DAYS),
      customerName: customerName(lead),
      service: lead.service,
      tradeVatNumber: lead.tradeVatNumber,
    });
    return { ...document, status: "draft", documentHash: null, decision: null };
  });
}

/** Reminders of a sent quote: 7 days after sending, and 3 days before it expires. */
async function queueReminders(
  client: Queryable,
  leadId: string,
  proposalId: string,
  sentAt: number,
  validUntil: number,
) {
  const reminders = [
    ["week", sentAt + REMINDER_AFTER_DAYS * DAY_MS],
    ["expiry", validUntil - REMINDER_BEFORE_EXPIRY_DAYS * DAY_MS],
  ] as const;
  const ids: (string | null)[] = [];
  for (const [which, dueAt] of reminders) {
    const job = { leadId, kind: PROPOSAL_MAIL.reminder, subjectId: proposalId, dueAt };
    ids.push(
      await enqueueMail(client, { ...job, dedupeKey: `proposal-reminder-${which}:${proposalId}` }, sentAt),
    );
  }
  return ids;
}

/**
 * Queues, in the caller's transaction, one e-mail of each of `kinds` about quote `proposalId`, each
 * at most once per quote; the ids of those queued now.
 */
export async function queueProposalMail(
  client: Queryable,
  leadId: string,
  proposalId: string,
  kinds: readonly string[],
  now: number,
): Promise<string[]> {
  const ids: string[] = [];
  for (const kind of kinds) {
    const id = await enqueueMail(
      client,
      { leadId, kind, subjectId: proposalId, dedupeKey: `${kind}:${proposalId}` },
      now,
    );
    if (id !== null) ids.push(id);
  }
  return ids;
}

/** E-mails still to go about a quote that no longer waits for the customer. */
export const cancelReminders = (client: Queryable, proposalId: string) =>
  cancelMail(client, proposalId, [PROPOSAL_MAIL.reminder]);

/**
 * Sends a draft: numbers and freezes it, e-mails it (PDF attached), makes the lead `quoted` with
 * its total as the quoted amount, and withdraws the lead's older quote still waiting. Returns the
 * proposal and the e-mail jobs to send now. The activity log records it, with the session that sent it.
 */
export async function sendProposal(
  id: string,
  now = Date.now(),
  session?: string,
): Promise<{ proposal: AdminProposal; mailIds: string[] }> {
  if (!isUuid(id)) throw notFound();
  return transaction(async (client) => {
    const row = await lockProposal(client, id);
    if (row.status !== "draft") throw new ConflictError("This quote has been sent already");
    const lead = await lockLead(client, row.lead_id);
    const siblings = await proposalsOfLead(row.lead_id, client);
    if (siblings.some((other) => other.status === "accepted"))
      throw new ConflictError("This lead has an accepted quote: cancel it before sending another");
    const validUntil = endOfUkDayAfter(now, PROPOSAL_VALID_DAYS);
    const number = proposalNumber(lead.reference, lead.id, row.version);
    const document = await buildDocument(row, {
      number,
      issuedAt: now,
      validUntil,
      customerName: customerName(lead),
      service: lead.service,
      tradeVatNumber: lead.tradeVatNumber,
    });
    for (const older of siblings) {
      if (older.id !== row.id && (older.status === "sent" || older.status === "viewed")) {
        await setProposal(client, older.id, {
          status: "withdrawn",
          withdrawn_at: new Date(now),
          replaced_by: row.id,
        });
        await cancelReminders(client, older.id);
      }
    }
    const sent = await setProposal(client, id, {
      status: "sent",
      number,
      document,
      document_hash: documentHashOf(document),
      sent_at: new Date(now),
      valid_until: new Date(validUntil),
      updated_at: new Date(now),
    });
    const pounds = wholePounds(document.totals.total);
    await recordLeadOutcome(
      client,
      lead.id,
      {
        status: lead.status === "won" || lead.status === "completed" ? undefined : "quoted",
        note: `Quote ${number} sent: ${
          document.tradeCustomer
            ? `${formatPounds(document.totals.net)} without VAT (reverse charge)`
            : `${formatPounds(document.totals.total)} including VAT`
        }`,
        quotedAmount: pounds >= 1 ? pounds : undefined,
      },
      now,
    );
    await recordAudit(
      "quote-sent",
      { leadId: lead.id, document: number, ...(session ? { session } : {}) },
      now,
      client,
    );
    const mailIds = await queueProposalMail(client, lead.id, id, [PROPOSAL_MAIL.sent], now);
    await queueReminders(client, lead.id, id, now, validUntil);
    const customerUrl = await newQuoteLink(client, sent, now);
    return { proposal: toAdminProposal(sent, now, customerUrl), mailIds };
  });
}

export async function withdrawProposal(id: string, now = Date.now()): Promise<AdminProposal> {
  if (!isUuid(id)) throw notFound();
  const row = await transaction(async (client) => {
    const current = await lockProposal(client, id);
    const status = effectiveStatus(current, now);
    if (!["draft", "sent", "viewed"].includes(status))
      throw new ConflictError(`This quote is ${status} and cannot be withdrawn`);
    await cancelReminders(client, id);
    const withdrawn = await setProposal(client, id, {
      status: "withdrawn",
      withdrawn_at: new Date(now),
      updated_at: new Date(now),
    });
    if (current.number)
      await recordLeadOutcome(client, current.lead_id, { note: `Quote ${current.number} withdrawn` }, now);
    return withdrawn;
  });
  return toAdminProposal(row, now);
}

export function requireLeadId(id: string): void {
  if (!isUuid(id)) throw new HttpError(404, "Submission not found");
}
