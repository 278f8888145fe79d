import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { BusinessDetails } from "../../business.ts";
import EmailLayout, { colours, heading, paragraph } from "./EmailLayout.tsx";

export interface ProposalEmailProps {
  business: BusinessDetails;
  siteUrl: string;
  preview: string;
  title: string;
  /** Paragraphs, in order. */
  paragraphs: string[];
  /** The one button: the quote's page, or the lead in the desk. */
  action?: { label: string; href: string };
  /** A small line under the button. */
  footnote?: string;
}

/** Every e-mail of a written quote: a heading, a few paragraphs, one button (docs/proposals.md, "E-mails"). */
export default function ProposalEmail({
  business,
  siteUrl,
  preview,
  title,
  paragraphs,
  action,
  footnote,
}: ProposalEmailProps) {
  return (
    <EmailLayout business={business} siteUrl={siteUrl} preview={preview}>
      <Heading as="h1" style={heading}>
        {title}
      </Heading>
      {paragraphs.map((text, index) => (
        <Text key={index} style={paragraph}>
          {text}
        </Text>
      ))}
      {action ? (
        <Section style={{ margin: "24px 0 8px" }}>
          <Button
            href={action.href}
            style={{
              backgroundColor: colours.brand,
              borderRadius: "8px",
              color: "#ffffff",
              fontSize: "16px",
              fontWeight: 700,
              padding: "12px 20px",
            }}
          >
            {action.label}
          </Button>
        </Section>
      ) : null}
      {footnote ? (
        <Text style={{ color: colours.muted, fontSize: "14px", lineHeight: "20px", margin: "12px 0 0" }}>
          {footnote}
        </Text>
      ) : null}
    </EmailLayout>
  );
}
