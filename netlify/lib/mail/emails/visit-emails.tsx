/**
 * The e-mails of survey visits (docs/visits.md), written when they are sent from the records as
 * they are then: the invitation with its link; to the customer and to the owner a booking, move or
 * cancellation with its calendar invitation (.ics); the customer's reminder the evening before.
 * Each is the template of a mail job kind (mail-kinds.ts). Server-only.
 */
import { formatUkDay } from "../../../../src/lib/proposals/uk-time.ts";
import { formatVisitTime } from "../../../../src/lib/visits/london-time.ts";
import { VISIT_CHANGE_CUTOFF_HOURS } from "../../../../src/lib/visits/rules.ts";
import { businessDetails } from "../../business.ts";
import { database } from "../../database/database.ts";
import type { MailJob, MailRenderer } from "../mail-job.ts";
import type { MailSettings, OutgoingMail } from "../mailer.ts";
import { readQuote, type QuoteRecord } from "../../quote/quote-store.ts";
import { visitCalendar } from "../../visits/visit-calendar.ts";
import { invitationById, visitById, type Invitation, type Visit } from "../../visits/visit-records.ts";
import { newVisitLink } from "../../visits/visit-token.ts";
import { headerText, isHeaderSafeAddress, leadUrl, plainName } from "./quote-emails.tsx";
import { renderEmail } from "./render.ts";
import VisitEmail, { type VisitEmailKind } from "./VisitEmail.tsx";

/** A link of the invitation's own for this e-mail (its token's hash stored, never the token). */
const linkOf = (invitation: Invitation, settings: MailSettings): Promise<string> =>
  newVisitLink(database(), invitation, settings.siteUrl);

const when = (visit: Visit) =>
  `${formatUkDay(visit.start)}, ${formatVisitTime(visit.start)} to ${formatVisitTime(visit.end)}`;
const addressOf = (visit: Visit) => `${visit.addressLine1}, ${visit.town} ${visit.postcode}`;
const fullName = (lead: QuoteRecord) => `${lead.firstName} ${lead.lastName}`.trim();

const kindOf = (visit: Visit): VisitEmailKind =>
  visit.status === "cancelled" ? "cancelled" : visit.sequence > 0 ? "moved" : "booked";

const SUBJECTS: Record<VisitEmailKind, string> = {
  invitation: "Book your free survey visit",
  booked: "Survey visit booked",
  moved: "Survey visit moved",
  cancelled: "Survey visit cancelled",
  reminder: "Reminder: survey visit tomorrow",
};

async function visitAndLead(job: MailJob) {
  if (!job.subjectId) return null;
  const visit = await visitById(database(), job.subjectId);
  const lead = visit ? await readQuote(visit.leadId) : null;
  const invitation = visit ? await invitationById(database(), visit.invitationId) : null;
  return visit && lead && invitation ? { visit, lead, invitation } : null;
}

const invitationEmail: MailRenderer = async (job, settings) => {
  const invitation = job.subjectId ? await invitationById(database(), job.subjectId) : null;
  const lead = invitation ? await readQuote(invitation.leadId) : null;
  if (!invitation || !lead || !isHeaderSafeAddress(lead.email)) return null;
  const link = await linkOf(invitation, settings);
  const business = await businessDetails();
  const body = await renderEmail(
    <VisitEmail
      business={business}
      siteUrl={settings.siteUrl}
      kind="invitation"
      audience="customer"
      name={plainName(lead.firstName)}
      link={link}
    />,
  );
  return {
    to: lead.email,
    replyTo: settings.ownerEmail,
    subject: `${SUBJECTS.invitation} – ${business.name}`,
    ...body,
  };
};

async function visitEmail(
  job: MailJob,
  settings: MailSettings,
  audience: "customer" | "owner",
  reminder = false,
) {
  const found = await visitAndLead(job);
  if (!found) return null;
  const { visit, lead, invitation } = found;
  if (reminder && visit.status !== "booked") return null;
  if (audience === "customer" && !isHeaderSafeAddress(lead.email)) return null;
  const business = await businessDetails();
  const kind = reminder ? "reminder" : kindOf(visit);
  const customer = audience === "customer";
  const body = await renderEmail(
    <VisitEmail
      business={business}
      siteUrl={settings.siteUrl}
      kind={kind}
      audience={audience}
      name={customer ? plainName(lead.firstName) : fullName(lead)}
      when={when(visit)}
      address={addressOf(visit)}
      accessNotes={visit.accessNotes}
      link={customer ? await linkOf(invitation, settings) : null}
      cutoff={`${VISIT_CHANGE_CUTOFF_HOURS} hours`}
      phone={lead.phone}
      leadUrl={leadUrl(settings.siteUrl, lead.id)}
      outsideArea={!visit.inArea}
      cancelledBy={visit.cancelledBy}
    />,
  );
  const ownerAddress = typeof settings.from === "string" ? settings.ownerEmail : settings.from.address;
  const mail: OutgoingMail = {
    to: customer ? lead.email : settings.ownerEmail,
    replyTo: customer
      ? settings.ownerEmail
      : isHeaderSafeAddress(lead.email)
        ? { name: headerText(fullName(lead)), address: lead.email }
        : settings.ownerEmail,
    subject: customer
      ? `${SUBJECTS[kind]}: ${when(visit)} – ${business.name}`
      : // The name first: a long one cuts the time short, never itself.
        headerText(`${SUBJECTS[kind]}: ${fullName(lead)}, ${when(visit)}`),
    ...body,
  };
  if (!reminder) {
    mail.icalEvent = visitCalendar(visit, {
      summary: customer ? `Survey visit – ${business.name}` : `Survey visit – ${headerText(fullName(lead))}`,
      description: customer
        ? `${business.name} visits to look at the job and price it. Questions: ${business.phone}.`
        : `${headerText(fullName(lead))}, ${lead.phone}. ${leadUrl(settings.siteUrl, lead.id)}`,
      organizer: { name: business.name, email: ownerAddress },
      attendee: customer
        ? { name: headerText(fullName(lead)), email: lead.email }
        : { name: business.name, email: settings.ownerEmail },
    });
  }
  return mail;
}

export const VISIT_RENDERERS: Record<string, MailRenderer> = {
  "visit-invitation": invitationEmail,
  "visit-customer": (job, settings) => visitEmail(job, settings, "customer"),
  "visit-owner": (job, settings) => visitEmail(job, settings, "owner"),
  "visit-reminder": (job, settings) => visitEmail(job, settings, "customer", true),
};
