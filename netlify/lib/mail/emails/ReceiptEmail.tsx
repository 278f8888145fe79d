import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { telLink } from "../../../../src/lib/links.ts";
import type { BusinessDetails } from "../../business.ts";
import EmailLayout, { colours, heading, paragraph } from "./EmailLayout.tsx";

export interface ReceiptEmailProps {
  business: BusinessDetails;
  siteUrl: string;
  reference: string;
  /** Only a plain first name (letters, spaces, hyphens, apostrophes); null greets without a name. */
  greetingName: string | null;
  serviceLabel: string;
  fileCount: number;
}

const filesText = (count: number) =>
  count === 0 ? "" : ` and the ${count === 1 ? "file" : `${count} files`} you attached`;

/**
 * The customer's receipt. Anyone can type someone else's address into the form, so it carries
 * nothing the visitor typed but a plain first name: never the message, never a link of theirs.
 */
export default function ReceiptEmail(props: ReceiptEmailProps) {
  const { business, siteUrl, reference, greetingName, serviceLabel, fileCount } = props;
  return (
    <EmailLayout
      business={business}
      siteUrl={siteUrl}
      preview={`We have your ${serviceLabel} quote request. Your reference is ${reference}.`}
    >
      <Heading as="h1" style={heading}>
        Thank you for your quote request
      </Heading>
      <Text style={paragraph}>{greetingName ? `Dear ${greetingName},` : "Hello,"}</Text>
      <Text style={paragraph}>
        We have received your request for a free quote for <strong>{serviceLabel}</strong>
        {`${filesText(fileCount)}.`}
      </Text>
      <Section
        style={{
          backgroundColor: colours.brandLight,
          border: `1px solid ${colours.border}`,
          borderRadius: "8px",
          padding: "12px 16px",
          margin: "16px 0",
        }}
      >
        <Text style={{ color: colours.muted, fontSize: "14px", lineHeight: "20px", margin: 0 }}>
          Your reference
        </Text>
        <Text
          style={{
            color: colours.brand,
            fontSize: "26px",
            lineHeight: "34px",
            fontWeight: 700,
            letterSpacing: "2px",
            margin: 0,
          }}
        >
          {reference}
        </Text>
        <Text style={{ color: colours.muted, fontSize: "14px", lineHeight: "20px", margin: 0 }}>
          Please quote it if you phone or e-mail us about this request.
        </Text>
      </Section>
      <Heading as="h2" style={{ ...heading, fontSize: "18px", lineHeight: "26px" }}>
        What happens next
      </Heading>
      <Text style={{ ...paragraph, margin: "8px 0" }}>
        1. We read your request and look at any photos you sent.
      </Text>
      <Text style={{ ...paragraph, margin: "8px 0" }}>
        2. We get back to you within 24 hours to talk it through or arrange a visit.
      </Text>
      <Text style={{ ...paragraph, margin: "8px 0" }}>3. You get a free, no-obligation written quote.</Text>
      <Text style={paragraph}>
        Need us sooner? Call{" "}
        <Link href={telLink(business.phone)} style={{ color: colours.accent, fontWeight: 700 }}>
          {business.phone}
        </Link>{" "}
        {`(${business.workingHours.weekdays}; ${business.workingHours.emergency.toLowerCase()}).`}
      </Text>
      <Text style={{ color: colours.muted, fontSize: "14px", lineHeight: "20px", margin: "24px 0 0" }}>
        If you did not ask us for a quote, someone may have typed your address by mistake: you can ignore this
        e-mail and we will not contact you again.
      </Text>
    </EmailLayout>
  );
}
