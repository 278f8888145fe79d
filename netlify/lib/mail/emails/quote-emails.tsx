/**
 * The two e-mails of a quote (docs/email.md), rendered from React Email templates to HTML and
 * plain text. Server-only: nothing here may reach a browser bundle.
 */
import { formatQuoteDate } from "../../../../src/lib/admin/dates.ts";
import { formatFileSize } from "../../../../src/lib/file-size.ts";
import { londonDate, londonTime } from "../../../../src/lib/visits/london-time.ts";
import { serviceLabel } from "../../../../src/lib/service-options.ts";
import { withoutFormatCharacters } from "../../../../src/lib/quote/rules.ts";
import { storedEstimate } from "../../../../src/lib/price-guide/estimate.ts";
import { formatReviewed, guideShownText } from "../../../../src/lib/price-guide/format.ts";
import { businessDetails } from "../../business.ts";
import type { MailJob, MailRenderer } from "../mail-job.ts";
import { SendError, type MailSettings, type OutgoingMail } from "../mailer.ts";
import { readQuote, type QuoteRecord } from "../../quote/quote-store.ts";
import { servedFileName } from "../../uploads/file-types.ts";
import OwnerEmail from "./OwnerEmail.tsx";
import OwnerSummaryEmail from "./OwnerSummaryEmail.tsx";
import ReceiptEmail from "./ReceiptEmail.tsx";
import { renderEmail } from "./render.ts";

/** Longest visitor text put into a subject or display name. */
const HEADER_TEXT_MAX = 80;

/**
 * Visitor text made safe for a header value: no control or line-separator characters (so no header
 * injection, whatever the mail library does), no format characters (bidi overrides, zero-width
 * characters: they would reorder or hide the rest of a subject), runs of space collapsed, length
 * capped.
 */
export function headerText(value: string): string {
  const flat = withoutFormatCharacters(value)
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  const characters = Array.from(flat);
  return characters.length > HEADER_TEXT_MAX ? `${characters.slice(0, HEADER_TEXT_MAX - 1).join("")}…` : flat;
}

/** An address that can go into To or Reply-To as it is: one mailbox, nothing that splits or quotes. */
export function isHeaderSafeAddress(email: string): boolean {
  return email.length <= 254 && /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+$/u.test(email);
}

/** The name when it is only letters with single spaces, hyphens or apostrophes between them; else null. */
export function plainName(name: string): string | null {
  const trimmed = withoutFormatCharacters(name).trim();
  return /^\p{L}+(?:[ '’-]\p{L}+)*$/u.test(trimmed) ? trimmed : null;
}

export const leadUrl = (siteUrl: string, id: string) =>
  `${siteUrl}/contact-admin?id=${encodeURIComponent(id)}`;

export type QuoteForEmail = Pick<
  QuoteRecord,
  | "id"
  | "createdAt"
  | "firstName"
  | "lastName"
  | "email"
  | "phone"
  | "serviceRequired"
  | "message"
  | "attachments"
  | "estimate"
> & {
  reference: string;
  /** Why no receipt went to the customer (a mail limit), when none did. */
  receiptSkipped?: string;
};

/**
 * A customer's name as e-mails show it, without format characters: leads stored before names were
 * cleaned on arrival (src/lib/quote/rules.ts, `normaliseField`) may still hold them.
 */
export const customerName = (...parts: string[]) => withoutFormatCharacters(parts.join(" ")).trim();

/** To the owner: every field, Reply-To the customer. */
export async function ownerEmail(quote: QuoteForEmail, settings: MailSettings): Promise<OutgoingMail> {
  const business = await businessDetails();
  const name = customerName(quote.firstName, quote.lastName);
  const service = serviceLabel(quote.serviceRequired);
  const estimate = storedEstimate(quote.estimate);
  const body = await renderEmail(
    <OwnerEmail
      business={business}
      siteUrl={settings.siteUrl}
      reference={quote.reference}
      received={formatQuoteDate(quote.createdAt)}
      name={name}
      email={quote.email}
      phone={quote.phone}
      serviceLabel={service}
      message={quote.message}
      attachments={quote.attachments.map((file) => ({
        name: servedFileName(file.name, file.type),
        size: formatFileSize(file.size),
      }))}
      leadUrl={leadUrl(settings.siteUrl, quote.id)}
      guide={
        estimate && {
          shown: guideShownText(estimate),
          job: `${[estimate.label, estimate.details].filter(Boolean).join(" · ")} (guide reviewed ${formatReviewed(estimate.reviewed)})`,
        }
      }
      {...(quote.receiptSkipped ? { receiptSkipped: quote.receiptSkipped } : {})}
    />,
  );
  return {
    to: settings.ownerEmail,
    // Without a safe address the owner answers from Contact Admin instead.
    replyTo: isHeaderSafeAddress(quote.email)
      ? { name: headerText(name), address: quote.email }
      : settings.ownerEmail,
    subject: headerText(`New quote request ${quote.reference}: ${service} – ${name}`),
    ...body,
  };
}

/** To the customer: a receipt that repeats nothing they typed but a plain first name. */
export async function receiptEmail(
  quote: QuoteForEmail,
  settings: MailSettings,
): Promise<OutgoingMail | null> {
  if (!isHeaderSafeAddress(quote.email)) return null;
  const business = await businessDetails();
  const service = serviceLabel(quote.serviceRequired);
  const body = await renderEmail(
    <ReceiptEmail
      business={business}
      siteUrl={settings.siteUrl}
      reference={quote.reference}
      greetingName={plainName(quote.firstName)}
      serviceLabel={service}
      fileCount={quote.attachments.length}
    />,
  );
  return {
    to: quote.email,
    replyTo: settings.ownerEmail,
    subject: `Your quote request ${quote.reference} – ${business.name}`,
    ...body,
  };
}

/** "14:00–15:00 on 20/11/2026" in UK time for the hour starting at `start`. */
export function summaryPeriod(start: number): string {
  const end = start + 60 * 60 * 1000;
  const day = londonDate(start).split("-").reverse().join("/");
  return `${londonTime(start)}–${londonTime(end)} on ${day}`;
}

/** To the owner: the leads of one hour beyond the hourly limit of single lead e-mails, in one e-mail. */
export async function ownerSummaryEmail(
  leads: readonly QuoteRecord[],
  hourStart: number,
  perHour: number,
  unnamed: number,
  settings: MailSettings,
): Promise<OutgoingMail> {
  const business = await businessDetails();
  const period = summaryPeriod(hourStart);
  const total = leads.length + unnamed;
  const body = await renderEmail(
    <OwnerSummaryEmail
      business={business}
      siteUrl={settings.siteUrl}
      period={period}
      perHour={perHour}
      leads={leads.map((lead) => ({
        reference: lead.reference ?? "",
        name: headerText(customerName(lead.firstName, lead.lastName)),
        serviceLabel: serviceLabel(lead.serviceRequired),
        received: formatQuoteDate(lead.createdAt),
        leadUrl: leadUrl(settings.siteUrl, lead.id),
      }))}
      unnamed={unnamed}
      deskUrl={`${settings.siteUrl}/contact-admin`}
    />,
  );
  return {
    to: settings.ownerEmail,
    replyTo: settings.ownerEmail,
    subject: `${total} more quote request${total === 1 ? "" : "s"}, ${period}`,
    ...body,
  };
}

/** A customer's address no e-mail can be written to: the e-mail fails for good. */
export const unwritableAddress = () => new SendError("The customer's address cannot be written to", true);

/** The owner's copy or the receipt of a mail job, from the lead as it is when it is sent. */
async function quoteMail(job: MailJob, settings: MailSettings, kind: "owner" | "receipt") {
  const record = await readQuote(job.leadId);
  if (!record) return null;
  const receipt = record.notifications?.find((n) => n.kind === "receipt");
  const quote: QuoteForEmail = {
    ...record,
    reference: record.reference ?? "",
    ...(receipt?.status === "skipped" && receipt.reason ? { receiptSkipped: receipt.reason } : {}),
  };
  if (kind === "owner") return ownerEmail(quote, settings);
  return (await receiptEmail(quote, settings)) ?? unwritableAddress();
}

/** The quote's two e-mails as the templates of their mail jobs (mail-kinds.ts). */
export const QUOTE_RENDERERS: Record<string, MailRenderer> = {
  owner: (job, settings) => quoteMail(job, settings, "owner"),
  receipt: (job, settings) => quoteMail(job, settings, "receipt"),
};
