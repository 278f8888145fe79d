import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { ReactNode } from "react";
import { telLink } from "../../../../src/lib/links.ts";
import type { BusinessDetails } from "../../business.ts";

/** The site's brand colours (src/styles), written out: e-mail clients know no CSS variables. */
export const colours = {
  brand: "#163350",
  brandLight: "#f1f5fa",
  border: "#dde7f2",
  accent: "#9a3a0b",
  text: "#1e293b",
  muted: "#475569",
};

const font = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

interface Props {
  preview: string;
  business: BusinessDetails;
  siteUrl: string;
  children: ReactNode;
}

/** Header band, white card and the business's details underneath: shared by both e-mails. */
export default function EmailLayout({ preview, business, siteUrl, children }: Props) {
  const { address } = business;
  return (
    <Html lang="en-GB">
      <Head />
      <Preview>{preview}</Preview>
      <Body
        style={{ backgroundColor: colours.brandLight, margin: 0, padding: "24px 12px", fontFamily: font }}
      >
        <Container style={{ maxWidth: "600px", width: "100%", margin: "0 auto" }}>
          <Section
            style={{ backgroundColor: colours.brand, borderRadius: "12px 12px 0 0", padding: "20px 24px" }}
          >
            <Text
              style={{ color: "#ffffff", fontSize: "20px", fontWeight: 700, lineHeight: "28px", margin: 0 }}
            >
              {business.name}
            </Text>
          </Section>
          <Section
            style={{
              backgroundColor: "#ffffff",
              border: `1px solid ${colours.border}`,
              borderTop: "none",
              borderRadius: "0 0 12px 12px",
              padding: "8px 24px 24px",
              color: colours.text,
            }}
          >
            {children}
          </Section>
          <Section style={{ padding: "16px 24px" }}>
            <Text style={{ color: colours.muted, fontSize: "13px", lineHeight: "20px", margin: 0 }}>
              {`${business.name} · ${address.street}, ${address.locality}, ${address.region} ${address.postcode}`}
            </Text>
            <Text style={{ color: colours.muted, fontSize: "13px", lineHeight: "20px", margin: 0 }}>
              <Link href={telLink(business.phone)} style={{ color: colours.muted }}>
                {business.phone}
              </Link>{" "}
              ·{" "}
              <Link href={`mailto:${business.email}`} style={{ color: colours.muted }}>
                {business.email}
              </Link>{" "}
              ·{" "}
              <Link href={siteUrl} style={{ color: colours.muted }}>
                {siteUrl}
              </Link>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

export const paragraph = { fontSize: "16px", lineHeight: "24px", margin: "16px 0" };
export const heading = {
  color: colours.brand,
  fontSize: "22px",
  lineHeight: "30px",
  fontWeight: 700,
  margin: "16px 0 8px",
};

const button = {
  backgroundColor: colours.brand,
  borderRadius: "8px",
  color: "#ffffff",
  fontSize: "16px",
  fontWeight: 700,
  padding: "12px 20px",
};

/** An e-mail's call to action: one brand-coloured button on a band of its own. */
export function EmailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: "24px 0 8px" }}>
      <Button href={href} style={button}>
        {children}
      </Button>
    </Section>
  );
}
