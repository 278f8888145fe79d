/** The owner's morning digest (docs/reviews.md), rendered to HTML and plain text. Server-only. */
import { formatQuoteDate } from "../../../../src/lib/admin/dates.ts";
import { FOLLOW_UP_GROUPS, type FollowUps } from "../../../../src/lib/follow-up/follow-ups.ts";
import { formatVisitDay } from "../../../../src/lib/visits/london-time.ts";
import { businessDetails } from "../../business.ts";
import type { MailSettings, OutgoingMail } from "../mailer.ts";
import { customerName, leadUrl } from "./quote-emails.tsx";
import OwnerDigestEmail from "./OwnerDigestEmail.tsx";
import { renderEmail } from "./render.ts";

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "2 leads to call, 1 quote to chase, 1 failed e-mail": what is waiting, in a few words. */
export function digestSummary(followUps: FollowUps): string {
  const parts = [
    followUps.newLeads.total && plural(followUps.newLeads.total, "lead to call", "leads to call"),
    followUps.openQuotes.total && plural(followUps.openQuotes.total, "quote to chase", "quotes to chase"),
    followUps.failedEmails.total && plural(followUps.failedEmails.total, "failed e-mail", "failed e-mails"),
    followUps.overdueInvoices.total &&
      plural(followUps.overdueInvoices.total, "invoice overdue", "invoices overdue"),
  ].filter((part): part is string => Boolean(part));
  return parts.join(", ");
}

export async function digestEmail(
  followUps: FollowUps,
  settings: MailSettings,
  now: number,
): Promise<OutgoingMail> {
  const business = await businessDetails();
  const summary = digestSummary(followUps);
  const groups = FOLLOW_UP_GROUPS.map(({ key, heading, since }) => ({
    heading,
    sinceLabel: since,
    total: followUps[key].total,
    items: followUps[key].items.map((item) => ({
      ...item,
      name: customerName(item.name),
      url: leadUrl(settings.siteUrl, item.id),
      when: formatQuoteDate(item.since),
    })),
  }));
  const body = await renderEmail(
    <OwnerDigestEmail
      business={business}
      siteUrl={settings.siteUrl}
      day={formatVisitDay(now)}
      summary={summary}
      groups={groups}
      deskUrl={`${settings.siteUrl}/contact-admin`}
    />,
  );
  return {
    to: settings.ownerEmail,
    replyTo: settings.ownerEmail,
    subject: `Today: ${summary}`,
    ...body,
  };
}
