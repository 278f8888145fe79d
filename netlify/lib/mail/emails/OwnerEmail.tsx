import { Column } from "@react-email/column";
import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Row } from "@react-email/row";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { Fragment, type ReactNode } from "react";
import { mailtoLink, telLink } from "../../../../src/lib/links.ts";
import type { BusinessDetails } from "../../business.ts";
import EmailLayout, { EmailButton, colours, heading, paragraph } from "./EmailLayout.tsx";

export interface OwnerEmailProps {
  business: BusinessDetails;
  siteUrl: string;
  reference: string;
  /** "dd/mm/yyyy, hh:mm" in UK time. */
  received: string;
  name: string;
  email: string;
  phone: string;
  serviceLabel: string;
  message: string;
  attachments: { name: string; size: string }[];
  leadUrl: string;
  /** The price guide range the visitor saw, when the quote came through the guide. */
  guide?: { shown: string; job: string };
  /** Why the customer was sent no receipt (a mail limit), when none was sent. */
  receiptSkipped?: string;
}

const label = { color: colours.muted, fontSize: "14px", lineHeight: "22px", fontWeight: 700, margin: 0 };
const value = {
  color: colours.text,
  fontSize: "16px",
  lineHeight: "24px",
  margin: 0,
  wordBreak: "break-word" as const,
};

function Field({ name, children }: { name: string; children: ReactNode }) {
  return (
    <Row style={{ borderBottom: `1px solid ${colours.border}` }}>
      <Column style={{ padding: "8px 0" }}>
        <Text style={label}>{name}</Text>
        <Text style={value}>{children}</Text>
      </Column>
    </Row>
  );
}

/** The owner's copy of a new lead: every field, so it can be answered from the phone. */
export default function OwnerEmail(props: OwnerEmailProps) {
  const {
    business,
    siteUrl,
    reference,
    received,
    name,
    email,
    phone,
    serviceLabel,
    message,
    attachments,
    leadUrl,
    guide,
    receiptSkipped,
  } = props;
  return (
    <EmailLayout business={business} siteUrl={siteUrl} preview={`${serviceLabel} – ${name} – ${phone}`}>
      <Heading as="h1" style={heading}>
        {`New quote request ${reference}`}
      </Heading>
      <Text style={{ ...paragraph, margin: "0 0 8px", color: colours.muted }}>{`Received ${received}`}</Text>
      <Section>
        <Field name="Name">{name}</Field>
        <Field name="E-mail">
          <Link href={mailtoLink(email)} style={{ color: colours.brand }}>
            {email}
          </Link>
        </Field>
        <Field name="Phone">
          <Link href={telLink(phone)} style={{ color: colours.brand }}>
            {phone}
          </Link>
        </Field>
        <Field name="Service">{serviceLabel}</Field>
        {guide && (
          <Field name="Price guide">
            <strong>{guide.shown}</strong>
            <br />
            {guide.job}
          </Field>
        )}
      </Section>
      <Text style={{ ...label, marginTop: "16px" }}>Message</Text>
      <Text style={{ ...value, margin: "4px 0 16px" }}>
        {message.split("\n").map((line, index) => (
          <Fragment key={index}>
            {index > 0 && <br />}
            {line}
          </Fragment>
        ))}
      </Text>
      <Text style={label}>{`Attachments (${attachments.length})`}</Text>
      {attachments.length === 0 ? (
        <Text style={{ ...value, margin: "4px 0 16px" }}>None</Text>
      ) : (
        attachments.map((attachment, index) => (
          <Text key={index} style={{ ...value, margin: "4px 0" }}>
            {`${attachment.name} (${attachment.size})`}
          </Text>
        ))
      )}
      {receiptSkipped && (
        <Text style={{ ...value, margin: "16px 0 0", color: colours.accent }}>
          {`No receipt was sent to the customer: ${receiptSkipped}.`}
        </Text>
      )}
      <EmailButton href={leadUrl}>Open in Contact Admin</EmailButton>
      <Text style={{ ...paragraph, color: colours.muted, fontSize: "14px", lineHeight: "20px" }}>
        {`Reply to this e-mail to answer ${name} directly.${attachments.length > 0 ? " The files are in Contact Admin." : ""}`}
      </Text>
    </EmailLayout>
  );
}
