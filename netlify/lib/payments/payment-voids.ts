/**
 * Voiding a payment recorded by mistake (docs/payments.md, "Voids and credit notes"): the payment's
 * row stays as written, a void row says why and who, and a credit note (CN-000001…, numbered without
 * gaps) cancels its VAT receipt, giving back its amount and the VAT by rate as the receipt split it.
 * From then on the payment counts in no balance, and the same transfer can be recorded again.
 */
import type { CreditNoteDocument } from "../../../src/lib/payments/payment-documents.ts";
import {
  INVOICE_REMINDER_DAYS,
  PAYMENT_TEXTS,
  paymentVat,
  VOID_REASON_MAX,
  voidCounted,
} from "../../../src/lib/payments/payment-rules.ts";
import { formatPounds } from "../../../src/lib/proposals/money.ts";
import { addDays, londonDate } from "../../../src/lib/visits/london-time.ts";
import { recordAudit } from "../admin/audit-store.ts";
import { businessDetails, documentBusiness } from "../business.ts";
import { transaction } from "../database/database.ts";
import { HttpError, NotFoundError } from "../http/http-error.ts";
import { enqueueMail } from "../mail/mail-queue.ts";
import { recordLeadOutcome } from "../proposals/lead-outcome.ts";
import { lockProposal } from "../proposals/proposal-desk.ts";
import { accountOf, acceptedBands } from "./payment-account.ts";
import { PAYMENT_MAIL } from "./payment-mail-kinds.ts";
import { markInvoiceUnpaid, nextDocumentNumber, readPaymentByReceipt } from "./payment-records.ts";
import { ukMorning } from "./payments.ts";
import {
  creditNoteNumberOf,
  insertVoid,
  invoiceCounting,
  toAdminVoid,
  voidOfPayment,
  type VoidRow,
} from "./void-records.ts";

const RECEIPT = /^R-[0-9]{6,}$/;

/**
 * Voids the payment of a receipt and issues its credit note, e-mailed to the customer. 400 without a
 * reason; 404 for no such receipt; 409 when already voided, for a card payment (Stripe's record of
 * money that arrived: a refund gives it back), on a quote no longer accepted or erased, and once an
 * invoice counted the payment as paid on account (the invoice would no longer add up).
 */
export async function voidPayment(
  receiptNumber: string,
  input: { reason: string },
  by: { userId: string; name: string; session?: string },
  now = Date.now(),
) {
  const reason = input.reason.trim();
  if (!reason || reason.length > VOID_REASON_MAX)
    throw new HttpError(400, "Invalid void", { reason: [PAYMENT_TEXTS.voidReason] });
  const number = receiptNumber.toUpperCase();
  const found = RECEIPT.test(number) ? await readPaymentByReceipt(number) : null;
  if (!found) throw new NotFoundError("Payment not found");
  if (!found.proposal_id) throw new HttpError(409, PAYMENT_TEXTS.voidErased);
  return transaction(async (client) => {
    const row = await lockProposal(client, found.proposal_id!);
    // Read again under the quote's lock: a void at the same moment has committed or waits.
    if (await voidOfPayment(found.id, client)) throw new HttpError(409, PAYMENT_TEXTS.alreadyVoided);
    if (found.method === "card") throw new HttpError(409, PAYMENT_TEXTS.voidCard);
    if (row.status !== "accepted") throw new HttpError(409, PAYMENT_TEXTS.voidNotAccepted);
    const counted = found.invoice_number ? null : await invoiceCounting(client, found);
    if (counted) throw new HttpError(409, voidCounted(counted));
    const account = (await accountOf(client, row))!;
    const share = paymentVat(found.amount - found.excess, acceptedBands(account), account.total);
    const sequence = await nextDocumentNumber(client, "credit-note");
    const creditNote = creditNoteNumberOf(sequence);
    const voidedOn = londonDate(now);
    const document: CreditNoteDocument = {
      number: creditNote,
      issuedOn: voidedOn,
      receiptNumber: found.receipt_number,
      receivedOn: found.received_on,
      method: found.method,
      proposalNumber: found.proposal_number,
      invoiceNumber: found.invoice_number,
      business: documentBusiness(await businessDetails()),
      customer: { name: found.customer_name },
      amount: found.amount,
      vat: found.vat,
      net: found.amount - found.vat,
      vatBands: share.bands,
      reason,
    };
    const voided: VoidRow = {
      payment_id: found.id,
      credit_note_number: creditNote,
      sequence,
      receipt_number: found.receipt_number,
      proposal_id: row.id,
      proposal_number: found.proposal_number,
      invoice_number: found.invoice_number,
      customer_name: found.customer_name,
      amount: found.amount,
      vat: found.vat,
      reason,
      voided_by: by.userId,
      voided_at: new Date(now),
      voided_on: voidedOn,
      document,
    };
    await insertVoid(client, voided);
    // The invoice it paid is owed again (the account no longer counts the payment), and its
    // reminders still ahead are queued again.
    const invoice = account.invoice;
    if (invoice?.paid_on && found.invoice_number === invoice.number) {
      await markInvoiceUnpaid(client, invoice.number);
      for (const days of INVOICE_REMINDER_DAYS) {
        const dueAt = ukMorning(addDays(invoice.due_on, days));
        if (dueAt > now)
          await enqueueMail(
            client,
            {
              leadId: row.lead_id,
              kind: PAYMENT_MAIL.invoiceReminder,
              subjectId: row.id,
              dueAt,
              dedupeKey: `invoice-reminder-${days}:${invoice.number}:${creditNote}`,
            },
            now,
          );
      }
    }
    const who = by.session ? { session: by.session } : {};
    await recordAudit(
      "payment-voided",
      { leadId: row.lead_id, document: found.receipt_number, ...who },
      now,
      client,
    );
    await recordAudit(
      "credit-note-issued",
      { leadId: row.lead_id, document: creditNote, ...who },
      now,
      client,
    );
    await recordLeadOutcome(
      client,
      row.lead_id,
      {
        note: `Payment of ${formatPounds(found.amount)} (receipt ${found.receipt_number}) voided by ${by.name}: ${reason}; credit note ${creditNote} issued`,
      },
      now,
    );
    const mailId = await enqueueMail(
      client,
      {
        leadId: row.lead_id,
        kind: PAYMENT_MAIL.creditNote,
        subjectId: found.id,
        dedupeKey: `credit-note:${creditNote}`,
      },
      now,
    );
    return { voided: toAdminVoid(voided, by.name), mailIds: mailId ? [mailId] : [] };
  });
}
