import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import type { BusinessDetails } from "../../business.ts";
import EmailLayout, { EmailButton, colours, heading, paragraph } from "./EmailLayout.tsx";

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
      {action ? <EmailButton href={action.href}>{action.label}</EmailButton> : null}
      {footnote ? (
        <Text style={{ color: colours.muted, fontSize: "14px", lineHeight: "20px", margin: "12px 0 0" }}>
          {footnote}
        </Text>
      ) : null}
    </EmailLayout>
  );
}
