/**
 * The e-mails of getting paid (docs/payments.md, "E-mails"), written at send time from the records
 * as they are then: the VAT receipt of a payment, the credit note of a voided one, the invoice with
 * the guarantee certificate, and the invoice's reminders, which are not sent once it is paid
 * (null: the job is cancelled).
 * Server-only; loaded only when such an e-mail is sent (mail-kinds.ts).
 */
import { formatPounds } from "../../../../src/lib/proposals/money.ts";
import { formatIsoDay } from "../../../../src/lib/proposals/uk-time.ts";
import { businessDetails } from "../../business.ts";
import { database } from "../../database/database.ts";
import type { MailRenderer } from "../mail-job.ts";
import type { MailSettings } from "../mailer.ts";
import { readQuote } from "../../quote/quote-store.ts";
import { readProposal } from "../../proposals/proposal-records.ts";
import { newQuoteLink } from "../../proposals/proposal-token.ts";
import { receiptDocument } from "../../payments/payment-account.ts";
import { issuedPdf } from "../../payments/issued-documents.ts";
import {
  guaranteeOfProposal,
  invoiceOfProposal,
  paymentsOf,
  readPayment,
} from "../../payments/payment-records.ts";
import { PAYMENT_MAIL } from "../../payments/payment-mail-kinds.ts";
import { voidOfPayment } from "../../payments/void-records.ts";
import { isHeaderSafeAddress, plainName } from "./quote-emails.tsx";
import ProposalEmail, { type ProposalEmailProps } from "./ProposalEmail.tsx";
import { renderEmail } from "./render.ts";

async function mail(settings: MailSettings, props: Omit<ProposalEmailProps, "business" | "siteUrl">) {
  const business = await businessDetails();
  return renderEmail(<ProposalEmail business={business} siteUrl={settings.siteUrl} {...props} />);
}

const greeting = (firstName: string) => {
  const name = plainName(firstName);
  return name ? `Dear ${name},` : "Hello,";
};

/** A document's PDF as issued (kept the first time it is drawn), as an attachment. */
async function kept(number: string, settings: MailSettings) {
  const { name, bytes } = await issuedPdf(number, settings.siteUrl);
  return { filename: name, content: Buffer.from(bytes), contentType: "application/pdf" };
}

const bankLine = (
  bank: { accountName: string; sortCode: string; accountNumber: string } | null,
  reference: string,
) =>
  bank
    ? `Bank transfer to ${bank.accountName}, sort code ${bank.sortCode}, account ${bank.accountNumber}, with ${reference} as the reference.`
    : `Bank transfer with ${reference} as the reference.`;

/** The VAT receipt of one payment (subject: the payment). */
const receipt: MailRenderer = async (job, settings) => {
  const payment = job.subjectId ? await readPayment(job.subjectId) : null;
  const lead = await readQuote(job.leadId);
  if (!payment || !lead || !isHeaderSafeAddress(lead.email)) return null;
  const business = await businessDetails();
  const document = await receiptDocument(payment);
  const subject = `Payment received: ${formatPounds(payment.amount)} – ${business.name}`;
  const body = await mail(settings, {
    preview: `Thank you: we received ${formatPounds(payment.amount)} for quote ${payment.proposal_number}.`,
    title: "Thank you for your payment",
    paragraphs: [
      greeting(lead.firstName),
      `We received ${formatPounds(payment.amount)} on ${formatIsoDay(payment.received_on)} for quote ${payment.proposal_number}${
        payment.invoice_number ? ` (invoice ${payment.invoice_number})` : ""
      }. Your VAT receipt ${payment.receipt_number} is attached.`,
      ...(document.refundDue > 0
        ? [`That is ${formatPounds(document.refundDue)} more than was owed: we will refund it to your card.`]
        : []),
      document.balance > 0
        ? `Still to pay on the job: ${formatPounds(document.balance)}.`
        : "The job is now paid in full. Thank you.",
    ],
  });
  return {
    to: lead.email,
    replyTo: settings.ownerEmail,
    subject,
    ...body,
    attachments: [await kept(payment.receipt_number, settings)],
  };
};

/** The invoice for the balance and the guarantee certificate (subject: the proposal). */
const invoice: MailRenderer = async (job, settings) => {
  const row = job.subjectId ? await readProposal(job.subjectId) : null;
  const issued = job.subjectId ? await invoiceOfProposal(job.subjectId) : null;
  const guarantee = job.subjectId ? await guaranteeOfProposal(job.subjectId) : null;
  const lead = await readQuote(job.leadId);
  if (!row || !issued || !lead || !isHeaderSafeAddress(lead.email)) return null;
  const business = await businessDetails();
  const doc = issued.document;
  const paragraphs = [
    greeting(lead.firstName),
    `Thank you for choosing us. The work of quote ${issued.proposal_number} is complete, and your VAT invoice ${issued.number} is attached.`,
    issued.total > 0
      ? `Amount due: ${formatPounds(issued.total)}, by ${formatIsoDay(issued.due_on)}. ${bankLine(doc.bank, issued.number)}`
      : "Nothing more is due: the job is paid in full.",
  ];
  if (guarantee)
    paragraphs.push(
      `Your guarantee certificate ${guarantee.number} is attached too: ${guarantee.years} years on ${guarantee.term_work.toLowerCase()}, valid until ${formatIsoDay(guarantee.valid_until)}. Keep it with the house's papers: anyone can check it on our website with its number and the postcode.`,
    );
  const body = await mail(settings, {
    preview: `Invoice ${issued.number}: ${formatPounds(issued.total)} due by ${formatIsoDay(issued.due_on)}.`,
    title: "Your invoice and guarantee",
    paragraphs,
    ...(row.sent_at && issued.total > 0
      ? {
          action: {
            label: "Pay or see your quote",
            href: `${settings.siteUrl}${await newQuoteLink(database(), row)}`,
          },
        }
      : {}),
  });
  const attachments = [await kept(issued.number, settings)];
  if (guarantee) attachments.push(await kept(guarantee.number, settings));
  return {
    to: lead.email,
    replyTo: settings.ownerEmail,
    subject: `Invoice ${issued.number} and your guarantee – ${business.name}`,
    ...body,
    attachments,
  };
};

/** A reminder about an unpaid invoice; nothing once it is paid. */
const reminder: MailRenderer = async (job, settings) => {
  const issued = job.subjectId ? await invoiceOfProposal(job.subjectId) : null;
  const lead = await readQuote(job.leadId);
  if (!issued || issued.paid_on || !lead || !isHeaderSafeAddress(lead.email)) return null;
  const paid = (await paymentsOf(job.subjectId!))
    .filter((payment) => payment.invoice_number === issued.number && !payment.voided)
    .reduce((sum, payment) => sum + payment.amount - payment.excess, 0);
  const owed = issued.total - paid;
  if (owed <= 0) return null;
  const business = await businessDetails();
  const body = await mail(settings, {
    preview: `Invoice ${issued.number}: ${formatPounds(owed)} was due on ${formatIsoDay(issued.due_on)}.`,
    title: "A reminder about your invoice",
    paragraphs: [
      greeting(lead.firstName),
      `Our invoice ${issued.number} for ${formatPounds(issued.total)} was due on ${formatIsoDay(issued.due_on)}, and ${formatPounds(owed)} is still to pay. ${bankLine(issued.document.bank, issued.number)}`,
      `If you have already paid, thank you, and please ignore this e-mail. If something is wrong, reply or call us on ${business.phone}.`,
    ],
  });
  return {
    to: lead.email,
    replyTo: settings.ownerEmail,
    subject: `A reminder: invoice ${issued.number} is overdue – ${business.name}`,
    ...body,
    attachments: [await kept(issued.number, settings)],
  };
};

/** The credit note cancelling a voided payment's receipt (subject: the payment). */
const creditNote: MailRenderer = async (job, settings) => {
  const voided = job.subjectId ? await voidOfPayment(job.subjectId) : null;
  const lead = await readQuote(job.leadId);
  if (!voided || !lead || !isHeaderSafeAddress(lead.email)) return null;
  const business = await businessDetails();
  const body = await mail(settings, {
    preview: `Credit note ${voided.credit_note_number} cancels receipt ${voided.receipt_number}.`,
    title: "A payment record corrected",
    paragraphs: [
      greeting(lead.firstName),
      `We recorded a payment of ${formatPounds(voided.amount)} for quote ${voided.proposal_number} by mistake, and sent you VAT receipt ${voided.receipt_number} for it. Credit note ${voided.credit_note_number}, attached, cancels that receipt.`,
      `If something is wrong, reply or call us on ${business.phone}.`,
    ],
  });
  return {
    to: lead.email,
    replyTo: settings.ownerEmail,
    subject: `Credit note ${voided.credit_note_number}: receipt ${voided.receipt_number} cancelled – ${business.name}`,
    ...body,
    attachments: [await kept(voided.credit_note_number, settings)],
  };
};

export const PAYMENT_RENDERERS: Record<string, MailRenderer> = {
  [PAYMENT_MAIL.creditNote]: creditNote,
  [PAYMENT_MAIL.receipt]: receipt,
  [PAYMENT_MAIL.invoice]: invoice,
  [PAYMENT_MAIL.invoiceReminder]: reminder,
};
