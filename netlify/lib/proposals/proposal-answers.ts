/**
 * The customer's side of a written quote, reached only through its link's token
 * (docs/proposals.md): read it (the first read records when it was viewed), accept it, decline it,
 * cancel an acceptance within the 14 days, download the PDF. Each answer runs in one transaction
 * that locks the lead, then the proposal, and queues its e-mails; two accepts at once queue up on
 * the lead's lock, and the acceptance's primary key refuses a second row whatever happens.
 */
import { PAYMENT_TEXTS } from "../../../src/lib/payments/payment-rules.ts";
import { writePostcode } from "../../../src/lib/postcode.ts";
import { depositOf, totalsOf, formatPounds } from "../../../src/lib/proposals/money.ts";
import { payableOf } from "../../../src/lib/proposals/reverse-charge.ts";
import type { AcceptBody } from "../../../src/lib/proposals/proposal-schema.ts";
import type { QuoteView } from "../../../src/lib/proposals/quote-document.ts";
import { formatUkDay } from "../../../src/lib/proposals/uk-time.ts";
import { transaction, violatedUnique } from "../database/database.ts";
import { HttpError, NotFoundError } from "../http/http-error.ts";
import { invoiceOfProposal } from "../payments/payment-records.ts";
import { recordRefundDue } from "../payments/payments.ts";
import { recordLeadOutcome } from "./lead-outcome.ts";
import { cancellableUntil, effectiveStatus, viewOf } from "./proposal-document.ts";
import { cancelReminders, lockProposal, queueProposalMail } from "./proposal-desk.ts";
import { PROPOSAL_MAIL } from "./proposal-mail-kinds.ts";
import {
  acceptanceOf,
  insertAcceptance,
  proposalByToken,
  setProposal,
  type ProposalRow,
} from "./proposal-records.ts";
import { TOKEN_PATTERN } from "./proposal-token.ts";

const notFound = () => new NotFoundError("Quote not found");

export const ALREADY_DECIDED = "This quote has already been answered";

/** The proposal a token opens (sent at some point), or 404. */
async function proposalOfToken(token: string): Promise<ProposalRow> {
  if (!TOKEN_PATTERN.test(token)) throw notFound();
  const row = await proposalByToken(token);
  if (!row?.document) throw notFound();
  return row;
}

/** 410 for a quote that can no longer be answered: expired, withdrawn or replaced. */
function gone(row: ProposalRow, status: string): HttpError {
  if (row.replaced_by)
    return new HttpError(
      410,
      "This quote has been replaced by a newer one: please use the link in our latest e-mail",
    );
  if (status === "withdrawn") return new HttpError(410, "This quote has been withdrawn");
  return new HttpError(410, "This quote has expired. Please contact us for a new one");
}

/**
 * Checks that the quote still waits for the customer. A quote past its date reads as expired
 * (effectiveStatus) without being written; its reminders find it so and are not sent.
 */
function requireOpen(row: ProposalRow, now: number): void {
  const status = effectiveStatus(row, now);
  if (status === "sent" || status === "viewed") return;
  if (status === "accepted" || status === "declined" || status === "cancelled")
    throw new HttpError(409, ALREADY_DECIDED);
  throw gone(row, status);
}

export async function readCustomerView(token: string, now = Date.now()): Promise<QuoteView> {
  let row = await proposalOfToken(token);
  if (!row.viewed_at && effectiveStatus(row, now) === "sent") {
    row = await transaction(async (client) => {
      const current = await lockProposal(client, row.id);
      if (current.viewed_at || current.status !== "sent") return current;
      return setProposal(client, current.id, { status: "viewed", viewed_at: new Date(now) });
    });
  }
  return viewOf(row, await acceptanceOf(row.id), now);
}

export interface ClientFacts {
  clientHash: string;
  userAgent: string | null;
}

export async function acceptProposal(
  token: string,
  body: AcceptBody,
  client: ClientFacts,
  now = Date.now(),
): Promise<{ view: QuoteView; mailIds: string[] }> {
  const found = await proposalOfToken(token);
  try {
    return await transaction(async (db) => {
      const row = await lockProposal(db, found.id);
      const document = row.document!;
      requireOpen(row, now);
      const options = [...new Set(body.options ?? [])].sort((a, b) => a - b);
      if (options.some((index) => !document.lines[index]?.optional))
        throw new HttpError(400, "Invalid request", {
          options: ["Choose only the optional lines of this quote"],
        });
      const totals = totalsOf(document.lines, options);
      // A trade customer pays the net (the reverse charge): the deposit is a share of that.
      const deposit = depositOf(payableOf(totals, !!document.tradeCustomer), document.depositPercent);
      await insertAcceptance(db, {
        proposal_id: row.id,
        accepted_at: new Date(now),
        name: body.name,
        options,
        start_early: body.startEarly,
        document_hash: row.document_hash!,
        client_hash: client.clientHash,
        user_agent: client.userAgent ? client.userAgent.slice(0, 500) : null,
        property_address: body.propertyAddress
          ? {
              ...body.propertyAddress,
              postcode: writePostcode(body.propertyAddress.postcode),
            }
          : null,
        totals: { ...totals, deposit },
      });
      const accepted = await setProposal(db, row.id, {
        status: "accepted",
        decided_at: new Date(now),
        updated_at: new Date(now),
      });
      await cancelReminders(db, row.id);
      await recordLeadOutcome(
        db,
        row.lead_id,
        {
          status: "won",
          note: `Quote ${document.number} accepted online by ${body.name}: ${
            document.tradeCustomer
              ? `${formatPounds(totals.net)} without VAT (reverse charge)`
              : `${formatPounds(totals.total)} including VAT`
          }${body.startEarly ? "; asked to start within the 14 days" : "; work to start after the 14 days"}`,
        },
        now,
      );
      const mailIds = await queueProposalMail(
        db,
        row.lead_id,
        row.id,
        [PROPOSAL_MAIL.acceptedCustomer, PROPOSAL_MAIL.acceptedOwner],
        now,
      );
      return { view: viewOf(accepted, await acceptanceOf(row.id, db), now), mailIds };
    });
  } catch (error) {
    if (violatedUnique(error) === "proposal_acceptances_pkey") throw new HttpError(409, ALREADY_DECIDED);
    throw error;
  }
}

export async function declineProposal(
  token: string,
  reason: string | undefined,
  now = Date.now(),
): Promise<{ view: QuoteView; mailIds: string[] }> {
  const found = await proposalOfToken(token);
  return transaction(async (db) => {
    const row = await lockProposal(db, found.id);
    requireOpen(row, now);
    const declined = await setProposal(db, row.id, {
      status: "declined",
      decided_at: new Date(now),
      decline_reason: reason ? reason : null,
      updated_at: new Date(now),
    });
    await cancelReminders(db, row.id);
    await recordLeadOutcome(
      db,
      row.lead_id,
      {
        status: "lost",
        note: `Quote ${row.number} declined online${reason ? `: ${reason}` : " (no reason given)"}`,
      },
      now,
    );
    const mailIds = await queueProposalMail(db, row.lead_id, row.id, [PROPOSAL_MAIL.declinedOwner], now);
    return { view: viewOf(declined, null, now), mailIds };
  });
}

export async function cancelAcceptance(
  token: string,
  name: string,
  now = Date.now(),
): Promise<{ view: QuoteView; mailIds: string[] }> {
  const found = await proposalOfToken(token);
  return transaction(async (db) => {
    const row = await lockProposal(db, found.id);
    const acceptance = await acceptanceOf(row.id, db);
    if (row.status === "cancelled") throw new HttpError(409, "This quote has already been cancelled");
    if (row.status !== "accepted" || !acceptance)
      throw new HttpError(409, "Only an accepted quote can be cancelled");
    // The right to cancel a service asked for within the period ends once it is fully performed:
    // the invoice issued on completion marks that (docs/payments.md, "Completion").
    if (await invoiceOfProposal(row.id, db)) throw new HttpError(409, PAYMENT_TEXTS.workComplete);
    const until = cancellableUntil(acceptance.accepted_at);
    if (now > until)
      throw new HttpError(
        409,
        `The 14-day cancellation period ended on ${formatUkDay(until)}. Please contact us.`,
      );
    const cancelled = await setProposal(db, row.id, {
      status: "cancelled",
      cancelled_at: new Date(now),
      updated_at: new Date(now),
    });
    // What the customer had paid is due back (less the work done after an early start): recorded
    // for the owner to confirm in the desk (docs/payments.md, "Refunds").
    const paid = await recordRefundDue(db, cancelled, now);
    await recordLeadOutcome(
      db,
      row.lead_id,
      {
        status: "lost",
        note: `Quote ${row.number} cancelled online by ${name} within the 14-day cancellation period${
          acceptance.start_early ? " (had asked to start early: the work done may be charged)" : ""
        }${paid > 0 ? `; refund due: ${formatPounds(paid)} paid` : ""}`,
      },
      now,
    );
    const mailIds = await queueProposalMail(db, row.lead_id, row.id, [PROPOSAL_MAIL.cancelledOwner], now);
    return { view: viewOf(cancelled, acceptance, now), mailIds };
  });
}

/** The quote and its acceptance (if any) for the PDF. */
export async function documentOfToken(token: string, now = Date.now()): Promise<QuoteView> {
  const row = await proposalOfToken(token);
  return viewOf(row, await acceptanceOf(row.id), now);
}
