import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { BusinessDetails } from "../../business.ts";
import EmailLayout, { EmailButton, colours, heading, paragraph } from "./EmailLayout.tsx";

export interface SummaryLead {
  reference: string;
  name: string;
  serviceLabel: string;
  /** "dd/mm/yyyy, hh:mm" in UK time. */
  received: string;
  leadUrl: string;
}

export interface OwnerSummaryEmailProps {
  business: BusinessDetails;
  siteUrl: string;
  /** "14:00–15:00 on 20/11/2026" in UK time. */
  period: string;
  /** How many leads e-mailed one by one in that hour before the summary took over. */
  perHour: number;
  leads: SummaryLead[];
  /** Leads of the hour not named here (beyond the summary's limit, or erased since). */
  unnamed: number;
  deskUrl: string;
}

/** One e-mail for the leads of an hour beyond the owner's hourly limit of single lead e-mails. */
export default function OwnerSummaryEmail(props: OwnerSummaryEmailProps) {
  const { business, siteUrl, period, perHour, leads, unnamed, deskUrl } = props;
  const total = leads.length + unnamed;
  return (
    <EmailLayout business={business} siteUrl={siteUrl} preview={`${total} more quote requests, ${period}`}>
      <Heading as="h1" style={heading}>
        {`${total} more quote request${total === 1 ? "" : "s"}, ${period}`}
      </Heading>
      <Text style={paragraph}>
        {`More than ${perHour} quote requests arrived in this hour, so the rest are listed here in one e-mail. Many requests at once can mean someone is misusing the form: check them in Contact Admin before you reply.`}
      </Text>
      <Section>
        {leads.map((lead) => (
          <Text key={lead.leadUrl} style={{ ...paragraph, margin: "8px 0" }}>
            <Link href={lead.leadUrl} style={{ color: colours.brand, fontWeight: 700 }}>
              {lead.reference || "Quote request"}
            </Link>
            {` – ${lead.name} – ${lead.serviceLabel} – ${lead.received}`}
          </Text>
        ))}
      </Section>
      {unnamed > 0 && (
        <Text style={paragraph}>{`${unnamed} more ${unnamed === 1 ? "is" : "are"} in Contact Admin.`}</Text>
      )}
      <EmailButton href={deskUrl}>Open Contact Admin</EmailButton>
    </EmailLayout>
  );
}
