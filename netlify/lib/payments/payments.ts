/**
 * Getting paid on an accepted written quote (docs/payments.md): the payments received (a bank
 * transfer the owner records, a card payment Stripe reports), each confirmed with a VAT receipt; the
 * VAT invoice for the balance and the guarantee certificate issued when the job is completed; the
 * refund due when an accepted quote is cancelled. Every change runs in one transaction that locks the
 * lead, then the proposal (the order every change of a quote takes), and queues its e-mails there.
 */
import { askForReviewOncePaid } from "../follow-up/review-requests.ts";
import { recordAudit } from "../admin/audit-store.ts";
import { randomInt, randomUUID } from "node:crypto";
import { formatPounds } from "../../../src/lib/proposals/money.ts";
import { formatIsoDay } from "../../../src/lib/proposals/uk-time.ts";
import type { InvoiceDocument, PostalAddress } from "../../../src/lib/payments/payment-documents.ts";
import { statedTerm, termForService, type DocumentLine } from "../../../src/lib/proposals/quote-document.ts";
import {
  guaranteeEnd,
  INVOICE_DUE_DAYS,
  INVOICE_REMINDER_DAYS,
  moreThanOwed,
  PAYMENT_TEXTS,
  paymentVat,
} from "../../../src/lib/payments/payment-rules.ts";
import { addDays, isCalendarDate, londonDate, londonInstant } from "../../../src/lib/visits/london-time.ts";
import { normalisePostcode, POSTCODE_MESSAGE } from "../../../src/lib/postcode.ts";
import { businessDetails, documentBusiness, type BusinessDetails } from "../business.ts";
import { database, transaction, type Queryable } from "../database/database.ts";
import { HttpError, NotFoundError } from "../http/http-error.ts";
import { isUuid } from "../http/uuid.ts";
import { isoOrNull } from "../http/iso-time.ts";
import { cancelMail, enqueueMail } from "../mail/mail-queue.ts";
import { REFERENCE_ALPHABET } from "../quote/reference.ts";
import { recordLeadOutcome } from "../proposals/lead-outcome.ts";
import { lockProposal } from "../proposals/proposal-desk.ts";
import { TOKEN_PATTERN } from "../proposals/proposal-token.ts";
import {
  acceptanceOf,
  proposalByToken,
  readProposal,
  type ProposalRow,
} from "../proposals/proposal-records.ts";
import { propertyAddressOfProposal } from "./property-address.ts";
import {
  accountFor,
  accountOf,
  acceptedBands,
  customerName,
  dueNow,
  vatOfPayment,
  type Account,
} from "./payment-account.ts";
import { invoiceReverseCharge } from "../../../src/lib/proposals/reverse-charge.ts";
import { PAYMENT_MAIL } from "./payment-mail-kinds.ts";
import {
  confirmRefundRow,
  insertGuarantee,
  insertInvoice,
  insertPayment,
  insertRefund,
  invoiceNumberOf,
  markInvoicePaid,
  nextDocumentNumber,
  paymentOfSession,
  paymentsOf,
  receiptNumberOf,
  refundOfProposal,
  type GuaranteeRow,
  type InvoiceRow,
  type PaymentRow,
  type RefundRow,
} from "./payment-records.ts";
import { toAdminVoid, voidsOfProposal } from "./void-records.ts";

const notFound = () => new NotFoundError("Quote not found");

// ---------------------------------------------------------------------------------------------
// Payments

export interface NewPayment {
  amount: number;
  method: "bank" | "card";
  receivedOn: string;
  /** A card payment's Checkout Session: recorded once. */
  stripeSessionId?: string;
}

export function toAdminPayment(payment: PaymentRow, voided: ReturnType<typeof toAdminVoid> | null = null) {
  return {
    id: payment.id,
    amount: payment.amount,
    vat: payment.vat,
    method: payment.method,
    receivedOn: payment.received_on,
    receiptNumber: payment.receipt_number,
    invoiceNumber: payment.invoice_number,
    /** Voided by mistake (payment-voids.ts): its credit note, why, when and who; it counts nowhere. */
    voided,
  };
}

/**
 * Records a payment on an accepted quote and queues its VAT receipt. A bank payment the owner types
 * must be above nothing and at most what is owed (400), on an accepted quote (409); a card payment
 * is what Stripe took, recorded even on a quote cancelled meanwhile (the money arrived: the refund
 * due grows), and once per Checkout Session whatever Stripe retries. A card payment above what is
 * owed keeps the part above as its `excess`: no VAT in it, never a negative balance, and a refund
 * due to the customer (reason "overpaid").
 */
export async function recordPayment(
  proposalId: string,
  input: NewPayment,
  now = Date.now(),
  session?: string,
): Promise<{ payment: ReturnType<typeof toAdminPayment>; mailIds: string[]; recorded: boolean }> {
  if (!isUuid(proposalId)) throw notFound();
  return transaction(async (client) => {
    const row = await lockProposal(client, proposalId);
    if (input.stripeSessionId) {
      const earlier = await paymentOfSession(input.stripeSessionId, client);
      if (earlier) return { payment: toAdminPayment(earlier), mailIds: [], recorded: false };
    }
    const account = await accountOf(client, row);
    if (!account) throw new HttpError(409, PAYMENT_TEXTS.notAccepted);
    if (input.method === "bank") {
      if (row.status !== "accepted") throw new HttpError(409, PAYMENT_TEXTS.notAccepted);
      const owed = Math.max(0, account.balance);
      if (!Number.isInteger(input.amount) || input.amount <= 0)
        throw new HttpError(400, "Invalid payment", {
          amount: [`${PAYMENT_TEXTS.amount} (${formatPounds(owed)})`],
        });
      if (input.amount > owed) throw new HttpError(400, "Invalid payment", { amount: [moreThanOwed(owed)] });
      if (!isCalendarDate(input.receivedOn) || input.receivedOn > londonDate(now))
        throw new HttpError(400, "Invalid payment", { receivedOn: [PAYMENT_TEXTS.receivedOn] });
    }
    // On a cancelled quote all of it is refunded (growRefund); else what is above the balance is.
    const excess = row.status === "cancelled" ? 0 : Math.max(0, input.amount - Math.max(0, account.balance));
    const share = vatOfPayment(account, input.amount - excess);
    const receipt = receiptNumberOf(await nextDocumentNumber(client, "receipt"));
    const payment: PaymentRow = {
      id: randomUUID(),
      proposal_id: row.id,
      proposal_number: row.number!,
      customer_name: customerName(account),
      amount: input.amount,
      vat: share.vat,
      method: input.method,
      received_on: input.receivedOn,
      recorded_at: new Date(now),
      receipt_number: receipt,
      invoice_number: account.invoice?.number ?? null,
      stripe_session_id: input.stripeSessionId ?? null,
      excess,
    };
    await insertPayment(client, payment);
    if (excess > 0) await recordOverpayment(client, row, account, excess, now);
    await recordAudit(
      "payment-recorded",
      { leadId: row.lead_id, document: receipt, ...(session ? { session } : {}) },
      now,
      client,
    );
    if (account.invoice && account.balance - (input.amount - excess) <= 0) {
      await markInvoicePaid(client, account.invoice.number, input.receivedOn);
      await cancelMail(client, row.id, [PAYMENT_MAIL.invoiceReminder]);
      await askForReviewOncePaid(client, row.lead_id, now);
    }
    if (row.status === "cancelled") await growRefund(client, row, account, input.amount, now);
    await recordLeadOutcome(
      client,
      row.lead_id,
      {
        note: `${formatPounds(input.amount)} received ${
          input.method === "bank" ? "by bank transfer" : "by card"
        } on ${formatIsoDay(input.receivedOn)} for quote ${row.number} (receipt ${receipt})${
          excess > 0 ? `; ${formatPounds(excess)} more than was owed, to refund` : ""
        }`,
      },
      now,
    );
    const mailId = await enqueueMail(
      client,
      {
        leadId: row.lead_id,
        kind: PAYMENT_MAIL.receipt,
        subjectId: payment.id,
        dedupeKey: `receipt:${payment.id}`,
      },
      now,
    );
    return { payment: toAdminPayment(payment), mailIds: mailId ? [mailId] : [], recorded: true };
  });
}

/** GET /api/admin/proposals/{id}/payments: what was asked for, what came in, what is left. */
export async function paymentsView(proposalId: string) {
  const row = isUuid(proposalId) ? await readProposal(proposalId) : null;
  if (!row) throw notFound();
  const db = database();
  const account = await accountOf(db, row);
  const refund = await refundOfProposal(row.id, db);
  const voids = new Map((await voidsOfProposal(row.id, db)).map((row) => [row.payment_id, row]));
  if (!account)
    return {
      status: row.status,
      requested: [],
      payments: [],
      total: 0,
      paid: 0,
      balance: 0,
      dueNow: 0,
      refund: null,
    };
  const requested: {
    kind: "deposit" | "invoice";
    number: string;
    amount: number;
    requestedOn: string;
    dueOn: string | null;
  }[] = [];
  if (account.deposit > 0)
    requested.push({
      kind: "deposit",
      number: row.number!,
      amount: account.deposit,
      requestedOn: londonDate(account.acceptance.accepted_at.getTime()),
      dueOn: null,
    });
  if (account.invoice)
    requested.push({
      kind: "invoice",
      number: account.invoice.number,
      amount: account.invoice.total,
      requestedOn: account.invoice.issued_on,
      dueOn: account.invoice.due_on,
    });
  return {
    status: row.status,
    requested,
    // Every payment as recorded, the voided ones with their credit note.
    payments: (await paymentsOf(row.id, db)).map((payment) => {
      const voided = voids.get(payment.id);
      return toAdminPayment(payment, voided ? toAdminVoid(voided, voided.voided_by_name) : null);
    }),
    total: account.total,
    paid: account.paid,
    balance: account.balance,
    dueNow: dueNow(account),
    refund: refund ? toAdminRefund(refund) : null,
    onCompletion: await onCompletion(db, row, account),
  };
}

/**
 * What completing the job would issue, for the desk to show before the owner confirms: the invoice's
 * amount (the balance) and the guarantee's term and wording. Null unless the quote is accepted and
 * not yet invoiced.
 */
async function onCompletion(db: Queryable, row: ProposalRow, account: Account) {
  if (row.status !== "accepted" || account.invoice) return null;
  const { rows } = await db.query<{ service: string }>("SELECT service FROM leads WHERE id = $1", [
    row.lead_id,
  ]);
  const business = await businessDetails();
  const term =
    (row.document ? statedTerm(row.document) : null) ?? guaranteeTerm(business, rows[0]?.service ?? "");
  return {
    invoice: Math.max(0, account.balance),
    guarantee: { ...term, conditions: business.quoteTerms.guaranteeConditions },
  };
}

// ---------------------------------------------------------------------------------------------
// Completion: the invoice and the guarantee

/** A random certificate number, G-XXXX-XXXX in the references' alphabet. */
export function newGuaranteeNumber(): string {
  const part = () =>
    Array.from({ length: 4 }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join("");
  return `G-${part()}-${part()}`;
}

/**
 * The work a certificate guarantees: the accepted lines the guarantee covers (not scaffold or skip
 * hire). A quote whose every line is marked not guaranteed still names its lines, so that the
 * certificate says what was done.
 */
export function guaranteedWork(lines: readonly DocumentLine[], chosen: readonly number[]): string[] {
  const accepted = lines.filter((line, index) => !line.optional || chosen.includes(index));
  const covered = accepted.filter((line) => line.guaranteed !== false);
  return (covered.length > 0 ? covered : accepted).map((line) => line.description);
}

/** The guarantee's term for a lead's service: the term listing it, else the first. */
export function guaranteeTerm(business: BusinessDetails, service: string): { work: string; years: number } {
  return termForService(business.quoteTerms.guarantees, service);
}

/**
 * Issues the invoice for the balance and the guarantee certificate of a lead's accepted quote,
 * inside the transaction that marks the lead completed (its row already locked). Nothing when the
 * lead has no accepted quote or its invoice exists (completing again issues nothing new). The
 * property's address: the one the owner gives now, else the visit's, else the one given at
 * acceptance, else the one given whole with the quote request; with none, 400 before anything is
 * written.
 */
export async function issueCompletionDocuments(
  client: Queryable,
  lead: { id: string; service: string },
  propertyAddress: PostalAddress | undefined,
  now: number,
  session?: string,
  /** The owner's change to the term's length in Job done, else the term the quote stated. */
  guaranteeYears?: number,
): Promise<{ invoice: InvoiceRow; guarantee: GuaranteeRow; note: string; mailIds: string[] } | null> {
  const { rows } = await client.query<{ id: string }>(
    "SELECT id FROM proposals WHERE lead_id = $1 AND status = 'accepted' FOR UPDATE",
    [lead.id],
  );
  const proposalId = rows[0]?.id;
  if (!proposalId) return null;
  const row = (await readProposal(proposalId, client))!;
  const account = await accountOf(client, row);
  if (!account || account.invoice) return null;
  const address = propertyAddress ?? (await propertyAddressOfProposal(row, client));
  if (!address)
    throw new HttpError(400, "The property's address is needed", {
      propertyAddress: [PAYMENT_TEXTS.propertyAddress],
    });
  const postcode = normalisePostcode(address.postcode);
  if (!postcode) throw new HttpError(400, "Invalid address", { propertyAddress: [POSTCODE_MESSAGE] });
  const property = { line1: address.line1, town: address.town, postcode };

  const business = await businessDetails();
  const issuedOn = londonDate(now);
  const dueOn = addDays(issuedOn, INVOICE_DUE_DAYS);
  const document = row.document!;
  const chosen = account.acceptance.options;
  const lines = document.lines
    .filter((line, index) => !line.optional || chosen.includes(index))
    .map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      vatRate: line.vatRate,
      net: line.net,
    }));
  const job = account.acceptance.totals;
  const paidVat = account.payments.reduce((sum, payment) => sum + payment.vat, 0);
  const total = Math.max(0, account.balance);
  // A trade customer is charged no VAT: they account for it (the reverse charge, below).
  const vat = total === 0 || account.tradeCustomer ? 0 : Math.max(0, Math.min(total, job.vat - paidVat));
  const reverseCharge = account.tradeCustomer
    ? invoiceReverseCharge(
        acceptedBands(account),
        account.payments.map((payment) => vatOfPayment(account, payment.amount - payment.excess).bands),
      )
    : null;
  const number = invoiceNumberOf(await nextDocumentNumber(client, "invoice"));
  const invoiceDocument: InvoiceDocument = {
    number,
    issuedOn,
    taxPoint: issuedOn,
    dueOn,
    proposalNumber: row.number!,
    business: documentBusiness(business),
    customer: { name: account.acceptance.name, address: property },
    lines,
    vatBands: acceptedBands(account),
    job: { net: job.net, vat: job.vat, total: job.total },
    paidBefore: account.payments.map((payment) => ({
      receiptNumber: payment.receipt_number,
      receivedOn: payment.received_on,
      // What went towards the job: an overpayment's excess is refunded, not paid on account.
      amount: payment.amount - payment.excess,
      vat: payment.vat,
    })),
    net: total - vat,
    vat,
    total,
    ...(account.tradeCustomer && reverseCharge
      ? {
          reverseCharge: {
            vatNumber: account.tradeCustomer.vatNumber,
            vat: reverseCharge.reduce((sum, band) => sum + band.vat, 0),
            vatBands: reverseCharge,
          },
        }
      : {}),
    bank: business.bank ?? null,
    paymentTerms: `Please pay within ${INVOICE_DUE_DAYS} days, by ${formatIsoDay(dueOn)}, by bank transfer with ${number} as the reference.`,
  };
  const invoice: InvoiceRow = {
    number,
    sequence: Number(number.slice(4)),
    proposal_id: row.id,
    proposal_number: row.number!,
    issued_at: new Date(now),
    issued_on: issuedOn,
    due_on: dueOn,
    customer_name: account.acceptance.name,
    customer_address: property,
    document: invoiceDocument,
    net: total - vat,
    vat,
    total,
    paid_on: total === 0 ? issuedOn : null,
  };
  await insertInvoice(client, invoice);
  const by = session ? { session } : {};
  await recordAudit("invoice-issued", { leadId: lead.id, document: number, ...by }, now, client);

  // The term the accepted quote stated, else (a quote from before) the service's.
  const stated = statedTerm(document) ?? guaranteeTerm(business, lead.service);
  const term = { work: stated.work, years: guaranteeYears ?? stated.years };
  const guarantee: GuaranteeRow = {
    number: newGuaranteeNumber(),
    proposal_id: row.id,
    proposal_number: row.number!,
    invoice_number: number,
    customer_name: account.acceptance.name,
    property_address: property,
    postcode,
    work: guaranteedWork(document.lines, chosen).join("\n"),
    term_work: term.work,
    years: term.years,
    completed_on: issuedOn,
    valid_until: guaranteeEnd(issuedOn, term.years),
    conditions: business.quoteTerms.guaranteeConditions,
    issued_at: new Date(now),
  };
  await insertGuarantee(client, guarantee);
  await recordAudit(
    "certificate-issued",
    { leadId: lead.id, document: guarantee.number, ...by },
    now,
    client,
  );

  const mailId = await enqueueMail(
    client,
    { leadId: lead.id, kind: PAYMENT_MAIL.invoice, subjectId: row.id, dedupeKey: `invoice:${number}` },
    now,
  );
  if (total > 0)
    for (const days of INVOICE_REMINDER_DAYS)
      await enqueueMail(
        client,
        {
          leadId: lead.id,
          kind: PAYMENT_MAIL.invoiceReminder,
          subjectId: row.id,
          dueAt: ukMorning(addDays(dueOn, days)),
          dedupeKey: `invoice-reminder-${days}:${number}`,
        },
        now,
      );
  return {
    invoice,
    guarantee,
    mailIds: mailId ? [mailId] : [],
    note: `Invoice ${number} issued for ${formatPounds(total)}, due by ${formatIsoDay(dueOn)}; guarantee ${guarantee.number} (${term.years} years, until ${formatIsoDay(guarantee.valid_until)})`,
  };
}

/** 09:00 UK time on a UK date: when a reminder about that day goes (09:00 always exists). */
export const ukMorning = (day: string): number => londonInstant(day, 9 * 60)!;

/** `invoices` and `guarantee` of GET /api/admin/contact-submissions/{id}. */
export async function leadMoney(leadId: string) {
  const { rows } = await database().query<{
    number: string;
    issued_on: string;
    due_on: string;
    total: number;
    paid_on: string | null;
    proposal_number: string;
  }>(
    `SELECT i.number, i.issued_on::text AS issued_on, i.due_on::text AS due_on, i.total, i.paid_on::text AS paid_on,
            i.proposal_number
       FROM invoices i JOIN proposals p ON p.id = i.proposal_id WHERE p.lead_id = $1 ORDER BY i.sequence`,
    [leadId],
  );
  const { rows: guarantees } = await database().query<{ number: string; valid_until: string }>(
    `SELECT g.number, g.valid_until::text AS valid_until
       FROM guarantees g JOIN proposals p ON p.id = g.proposal_id WHERE p.lead_id = $1
      ORDER BY g.issued_at DESC LIMIT 1`,
    [leadId],
  );
  return {
    invoices: rows.map((row) => ({
      number: row.number,
      issuedOn: row.issued_on,
      dueOn: row.due_on,
      total: row.total,
      paidOn: row.paid_on,
      proposalNumber: row.proposal_number,
    })),
    guarantee: guarantees[0] ? { number: guarantees[0].number, validUntil: guarantees[0].valid_until } : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Refunds

export function toAdminRefund(refund: RefundRow) {
  return {
    reason: refund.reason,
    paid: refund.paid,
    startEarly: refund.start_early,
    cancelledAt: isoOrNull(refund.cancelled_at),
    dueAt: refund.due_at.toISOString(),
    amount: refund.amount,
    confirmedAt: isoOrNull(refund.confirmed_at),
    note: refund.note,
  };
}

/** A refund waiting for the owner's confirmation; an overpayment's has no early start to weigh. */
async function insertDueRefund(
  client: Queryable,
  row: ProposalRow,
  account: Account,
  due: { paid: number; reason: RefundRow["reason"]; cancelledAt: Date | null },
  now: number,
) {
  await insertRefund(client, {
    id: randomUUID(),
    proposal_id: row.id,
    proposal_number: row.number!,
    customer_name: customerName(account),
    paid: due.paid,
    start_early: due.reason === "cancelled" && account.acceptance.start_early,
    reason: due.reason,
    cancelled_at: due.cancelledAt,
    due_at: new Date(now),
    amount: null,
    confirmed_at: null,
    note: null,
  });
}

/**
 * In the cancellation's transaction: records the refund due when the customer had paid anything
 * (all of it, less the work done if they asked to start early: the owner confirms the amount).
 * Answers what was paid (0: nothing to refund).
 */
export async function recordRefundDue(client: Queryable, row: ProposalRow, now: number): Promise<number> {
  const account = await accountOf(client, row);
  if (!account) return 0;
  // An overpayment's refund not yet confirmed becomes the cancellation's, with all paid besides.
  const waiting = await refundOfProposal(row.id, client, true);
  const overpaid = waiting && !waiting.confirmed_at ? waiting.paid : 0;
  const paid = account.paid + overpaid;
  if (paid <= 0) return 0;
  if (overpaid > 0) {
    await client.query(
      `UPDATE refunds SET reason = 'cancelled', cancelled_at = $2, due_at = $2, paid = $3, start_early = $4
        WHERE id = $1`,
      [waiting!.id, new Date(now), paid, account.acceptance.start_early],
    );
    return paid;
  }
  await insertDueRefund(client, row, account, { paid, reason: "cancelled", cancelledAt: new Date(now) }, now);
  return paid;
}

/**
 * In the payment's transaction: what a card payment brought above the balance is due back to the
 * customer, added to an overpayment's refund still waiting, else a refund of its own.
 */
async function recordOverpayment(
  client: Queryable,
  row: ProposalRow,
  account: Account,
  excess: number,
  now: number,
) {
  const waiting = await refundOfProposal(row.id, client, true);
  if (waiting && !waiting.confirmed_at) {
    await client.query("UPDATE refunds SET paid = paid + $2 WHERE id = $1", [waiting.id, excess]);
    return;
  }
  await insertDueRefund(client, row, account, { paid: excess, reason: "overpaid", cancelledAt: null }, now);
}

/** A card payment that arrives after the cancellation adds to the refund due. */
async function growRefund(
  client: Queryable,
  row: ProposalRow,
  account: Account,
  amount: number,
  now: number,
) {
  const refund = await refundOfProposal(row.id, client, true);
  if (!refund) {
    await recordRefundDue(client, row, now);
    return;
  }
  if (!refund.confirmed_at) {
    await client.query("UPDATE refunds SET paid = paid + $2 WHERE id = $1", [refund.id, amount]);
    return;
  }
  // What was paid before is refunded already: this payment is due back on its own.
  await insertDueRefund(
    client,
    row,
    account,
    { paid: amount, reason: "cancelled", cancelledAt: refund.cancelled_at ?? new Date(now) },
    now,
  );
}

/**
 * The VAT a refund of `amount` gives back: all the VAT its payments declared when all they paid goes
 * back, else the amount's share of the accepted quote's VAT, split as a receipt is.
 */
async function refundVat(
  client: Queryable,
  row: ProposalRow,
  refund: RefundRow,
  amount: number,
): Promise<number> {
  // What was paid above the balance held no VAT.
  if (refund.reason === "overpaid") return 0;
  const account = await accountOf(client, row);
  // A trade customer's payments held none either (the reverse charge).
  if (!account || account.tradeCustomer) return 0;
  if (amount === refund.paid) return account.payments.reduce((sum, payment) => sum + payment.vat, 0);
  return paymentVat(amount, acceptedBands(account), account.total).vat;
}

/** The owner confirms what was refunded: the whole amount paid unless the customer had asked to start early. */
export async function confirmRefund(
  proposalId: string,
  input: { amount: number; note?: string },
  now = Date.now(),
  session?: string,
) {
  if (!isUuid(proposalId)) throw notFound();
  return transaction(async (client) => {
    const row = await lockProposal(client, proposalId);
    const refund = await refundOfProposal(row.id, client, true);
    if (!refund || refund.confirmed_at) throw new HttpError(409, PAYMENT_TEXTS.noRefund);
    if (!Number.isInteger(input.amount) || input.amount < 0 || input.amount > refund.paid)
      throw new HttpError(400, "Invalid refund", { amount: [PAYMENT_TEXTS.refundAmount] });
    if (!refund.start_early && input.amount !== refund.paid)
      throw new HttpError(400, "Invalid refund", { amount: [PAYMENT_TEXTS.refundWhole] });
    const confirmed = await confirmRefundRow(
      client,
      refund.id,
      input.amount,
      await refundVat(client, row, refund, input.amount),
      input.note ?? null,
      new Date(now),
    );
    await recordAudit(
      "refund-confirmed",
      { leadId: row.lead_id, document: row.number!, ...(session ? { session } : {}) },
      now,
      client,
    );
    await recordLeadOutcome(
      client,
      row.lead_id,
      {
        note: `Refund of ${formatPounds(input.amount)} confirmed for quote ${row.number} (${formatPounds(refund.paid)} had been paid)${
          input.note ? `: ${input.note}` : ""
        }`,
      },
      now,
    );
    return toAdminRefund(confirmed);
  });
}

// ---------------------------------------------------------------------------------------------
// The customer's page

/** Whether card payments are offered: a Stripe secret key is set (card-payments.ts). */
export const cardPaymentsEnabled = () => !!process.env.STRIPE_SECRET_KEY;

/** What the customer's page shows about paying an accepted quote (null before acceptance). */
export async function customerPayment(token: string) {
  const row = TOKEN_PATTERN.test(token) ? await proposalByToken(token) : null;
  if (!row || !(await acceptanceOf(row.id))) return null;
  const account = await accountFor(row);
  if (!account) return null;
  const business = await businessDetails();
  return {
    deposit: account.deposit,
    paid: account.paid,
    balance: Math.max(0, account.balance),
    dueNow: dueNow(account),
    reference: account.invoice?.number ?? row.number,
    invoice: account.invoice
      ? { number: account.invoice.number, dueOn: account.invoice.due_on, total: account.invoice.total }
      : null,
    bank: business.bank ?? null,
    card: cardPaymentsEnabled(),
    reverseCharge: !!account.tradeCustomer,
  };
}
