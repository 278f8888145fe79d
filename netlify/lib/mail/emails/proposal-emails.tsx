/**
 * The e-mails of the written quotes (docs/proposals.md, "E-mails"), written at send time from the
 * records as they are then: a quote that no longer waits for the customer sends no reminder (null:
 * the job is cancelled). Server-only; loaded only when such an e-mail is sent (mail-kinds.ts).
 */
import { formatPounds } from "../../../../src/lib/proposals/money.ts";
import { payableOf } from "../../../../src/lib/proposals/reverse-charge.ts";
import { formatUkDate, formatUkDay } from "../../../../src/lib/proposals/uk-time.ts";
import type { QuoteView } from "../../../../src/lib/proposals/quote-document.ts";
import { tradeCancellationText } from "../../../../src/lib/proposals/quote-words.ts";
import { businessDetails } from "../../business.ts";
import { database } from "../../database/database.ts";
import type { MailJob, MailRenderer } from "../mail-job.ts";
import type { MailSettings, OutgoingMail } from "../mailer.ts";
import { readQuote } from "../../quote/quote-store.ts";
import { acceptanceOf, readProposal, type ProposalRow } from "../../proposals/proposal-records.ts";
import { effectiveStatus, viewOf } from "../../proposals/proposal-document.ts";
import { quotePdfAsSent } from "../../proposals/quote-as-sent.ts";
import { newQuoteLink } from "../../proposals/proposal-token.ts";
import { PROPOSAL_MAIL } from "../../proposals/proposal-mail-kinds.ts";
import { refundOfProposal } from "../../payments/payment-records.ts";
import { propertyAddressOfProposal } from "../../payments/property-address.ts";
import { isHeaderSafeAddress, leadUrl, plainName } from "./quote-emails.tsx";
import ProposalEmail, { type ProposalEmailProps } from "./ProposalEmail.tsx";
import { renderEmail } from "./render.ts";

async function context(job: MailJob) {
  const row = job.subjectId ? await readProposal(job.subjectId) : null;
  const lead = await readQuote(job.leadId);
  if (!row?.document || !lead) return null;
  const view = viewOf(row, await acceptanceOf(row.id), Date.now());
  return { row, lead, view };
}

async function pdfAttachment(view: QuoteView, row: Pick<ProposalRow, "id" | "lead_id">) {
  const { name, bytes } = await quotePdfAsSent(view, async () => ({
    propertyAddress: await propertyAddressOfProposal(row),
  }));
  return { filename: name, content: Buffer.from(bytes), contentType: "application/pdf" };
}

async function mail(
  settings: MailSettings,
  props: Omit<ProposalEmailProps, "business" | "siteUrl">,
): Promise<{ html: string; text: string }> {
  const business = await businessDetails();
  return renderEmail(<ProposalEmail business={business} siteUrl={settings.siteUrl} {...props} />);
}

const greeting = (firstName: string) => {
  const name = plainName(firstName);
  return name ? `Dear ${name},` : "Hello,";
};

/** How to pay a deposit: the bank details from content, and the card where Stripe is set up. */
function depositHow(business: Awaited<ReturnType<typeof businessDetails>>, reference: string): string {
  const bank = business.bank
    ? `Please pay it by bank transfer to ${business.bank.accountName}, sort code ${business.bank.sortCode}, account ${business.bank.accountNumber}, with ${reference} as the reference`
    : `Please pay it by bank transfer with ${reference} as the reference`;
  return `${bank}${process.env.STRIPE_SECRET_KEY ? ", or by card from the link below." : "."}`;
}

/** "£1,200.00 including VAT", or a trade customer's "£1,000.00 without VAT (reverse charge)". */
const total = (view: QuoteView): string =>
  view.tradeCustomer
    ? `${formatPounds((view.decision?.totals ?? view.totals).net)} without VAT (reverse charge)`
    : `${formatPounds(view.decision?.totals?.total ?? view.totals.total)} including VAT`;

function toCustomer(kind: "sent" | "reminder" | "accepted"): MailRenderer {
  return async (job, settings) => {
    const found = await context(job);
    if (!found || !isHeaderSafeAddress(found.lead.email)) return null;
    const { row, lead, view } = found;
    const status = effectiveStatus(row, Date.now());
    if (kind !== "accepted" && status !== "sent" && status !== "viewed") return null;
    if (kind === "accepted" && status !== "accepted" && status !== "cancelled") return null;
    const business = await businessDetails();
    const url = `${settings.siteUrl}${await newQuoteLink(database(), row)}`;
    const until = formatUkDate(Date.parse(view.validUntil));
    let subject: string;
    let props: Omit<ProposalEmailProps, "business" | "siteUrl">;
    if (kind === "accepted") {
      const decision = view.decision!;
      subject = `Quote ${view.number} accepted – ${business.name}`;
      props = {
        preview: `Thank you: your quote ${view.number} is accepted.`,
        title: "Thank you: your quote is accepted",
        paragraphs: [
          greeting(lead.firstName),
          `You accepted quote ${view.number} for ${total(view)}. The accepted quote is attached as a PDF: please keep it.`,
          view.depositPercent > 0
            ? `The deposit of ${formatPounds(decision.deposit ?? 0)} is due now. ${depositHow(business, view.number)} We will confirm when we receive it with a VAT receipt. This is a request for payment, not a VAT invoice.`
            : "No deposit is due. The balance is due within 7 days of the work being completed.",
          // A business customer has no consumer right to cancel: their quote says what applies.
          ...(view.tradeCustomer
            ? [tradeCancellationText(view)]
            : [
                decision.startEarly
                  ? "You asked us to start within the 14-day cancellation period. If you cancel after the work has begun, you pay for the work done up to then."
                  : "We will start after the 14-day cancellation period, unless you ask us to start sooner.",
                `You can cancel until the end of ${formatUkDay(Date.parse(decision.cancellableUntil!))} from the link below, or by telling us by phone, e-mail or letter. The attached quote has the cancellation notice and a model cancellation form.`,
              ]),
        ],
        action: { label: "See your quote", href: url },
      };
    } else {
      subject =
        kind === "sent"
          ? `Your quote ${view.number} from ${business.name}`
          : `A reminder: your quote ${view.number} is valid until ${until}`;
      props = {
        preview: `Quote ${view.number}: ${total(view)}, valid until ${until}.`,
        title: kind === "sent" ? "Your quote" : "A reminder about your quote",
        paragraphs: [
          greeting(lead.firstName),
          kind === "sent"
            ? `Thank you for asking us to price your job. Your quote ${view.number} is ${total(view)} and is valid until ${until}. It is attached as a PDF, with our terms${view.tradeCustomer ? "" : " and your right to cancel"}.`
            : `Your quote ${view.number} for ${total(view)} is valid until ${until}. If you have questions, reply to this e-mail or call us on ${business.phone}.`,
          "You can read it, choose any optional work, and accept or decline it online:",
        ],
        action: { label: "View and accept your quote", href: url },
        footnote: "Anyone with this link can see and answer the quote: please do not forward it.",
      };
    }
    const body = await mail(settings, props);
    const out: OutgoingMail = { to: lead.email, replyTo: settings.ownerEmail, subject, ...body };
    if (kind !== "reminder") out.attachments = [await pdfAttachment(view, row)];
    return out;
  };
}

function toOwner(kind: "accepted" | "declined" | "cancelled"): MailRenderer {
  return async (job, settings) => {
    const found = await context(job);
    if (!found) return null;
    const { lead, view } = found;
    const name = `${lead.firstName} ${lead.lastName}`;
    const decision = view.decision;
    const paragraphs: string[] = [];
    let subject: string;
    if (kind === "accepted") {
      subject = `Quote accepted: ${view.number} – ${formatPounds(payableOf(view.decision?.totals ?? view.totals, !!view.tradeCustomer))}`;
      paragraphs.push(
        `${decision?.name ?? name} accepted quote ${view.number} for ${total(view)}.`,
        decision?.startEarly
          ? "They asked for the work to start within the 14-day cancellation period."
          : "They did not ask to start within the 14 days: start after the cancellation period ends.",
      );
      if (view.depositPercent > 0) paragraphs.push(`Deposit due: ${formatPounds(decision?.deposit ?? 0)}.`);
    } else if (kind === "declined") {
      subject = `Quote declined: ${view.number}`;
      paragraphs.push(
        `${name} declined quote ${view.number}.`,
        decision?.reason ? `Their reason: ${decision.reason}` : "They gave no reason.",
      );
    } else {
      subject = `Quote cancelled: ${view.number}`;
      const refund = await refundOfProposal(found.row.id);
      paragraphs.push(
        `${name} cancelled quote ${view.number} within the 14-day cancellation period.`,
        refund
          ? `They had paid ${formatPounds(refund.paid)}: it must be refunded within 14 days${
              refund.start_early
                ? ", less a proportionate charge for the work done (they had asked to start early)"
                : ""
            }. Confirm the refund in the desk.`
          : decision?.startEarly
            ? "They had asked to start early: a proportionate charge for work already done may be due."
            : "Nothing had been paid: no refund is due.",
      );
    }
    const body = await mail(settings, {
      preview: subject,
      title: subject,
      paragraphs,
      action: { label: "Open the lead", href: leadUrl(settings.siteUrl, lead.id) },
    });
    return {
      to: settings.ownerEmail,
      replyTo: isHeaderSafeAddress(lead.email) ? lead.email : settings.ownerEmail,
      subject,
      ...body,
    };
  };
}

export const PROPOSAL_RENDERERS: Record<string, MailRenderer> = {
  [PROPOSAL_MAIL.sent]: toCustomer("sent"),
  [PROPOSAL_MAIL.reminder]: toCustomer("reminder"),
  [PROPOSAL_MAIL.acceptedCustomer]: toCustomer("accepted"),
  [PROPOSAL_MAIL.acceptedOwner]: toOwner("accepted"),
  [PROPOSAL_MAIL.declinedOwner]: toOwner("declined"),
  [PROPOSAL_MAIL.cancelledOwner]: toOwner("cancelled"),
};
