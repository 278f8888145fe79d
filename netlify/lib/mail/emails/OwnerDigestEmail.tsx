import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { FollowUpItem } from "../../../../src/lib/follow-up/follow-ups.ts";
import type { BusinessDetails } from "../../business.ts";
import EmailLayout, { EmailButton, colours, heading, paragraph } from "./EmailLayout.tsx";

export interface DigestGroup {
  heading: string;
  /** "Received", "Quoted" or "Failed", before each item's date. */
  sinceLabel: string;
  total: number;
  items: (FollowUpItem & { url: string; when: string })[];
}

export interface OwnerDigestEmailProps {
  business: BusinessDetails;
  siteUrl: string;
  /** "Monday 23 November" in UK time. */
  day: string;
  summary: string;
  groups: DigestGroup[];
  deskUrl: string;
}

const line = { fontSize: "15px", lineHeight: "22px", margin: 0, color: colours.text };
const small = { fontSize: "14px", lineHeight: "20px", margin: "2px 0 0", color: colours.muted };

/** The owner's morning list: only what waits for him, each with a link to the lead. */
export default function OwnerDigestEmail({
  business,
  siteUrl,
  day,
  summary,
  groups,
  deskUrl,
}: OwnerDigestEmailProps) {
  return (
    <EmailLayout business={business} siteUrl={siteUrl} preview={summary}>
      <Heading as="h1" style={heading}>
        Waiting for you today
      </Heading>
      <Text style={{ ...paragraph, margin: "0 0 8px", color: colours.muted }}>{`${day}: ${summary}.`}</Text>
      {groups
        .filter((group) => group.total > 0)
        .map((group) => (
          <Section key={group.heading} style={{ margin: "16px 0 0" }}>
            <Heading as="h2" style={{ ...heading, fontSize: "18px", lineHeight: "26px" }}>
              {`${group.heading} (${group.total})`}
            </Heading>
            {group.items.map((item) => (
              <Section key={item.id} style={{ borderTop: `1px solid ${colours.border}`, padding: "10px 0" }}>
                <Text style={{ ...line, fontWeight: 700 }}>
                  <Link href={item.url} style={{ color: colours.brand, textDecoration: "underline" }}>
                    {[item.reference, item.name].filter(Boolean).join(" · ")}
                  </Link>
                </Text>
                <Text style={small}>{`${item.service} · ${group.sinceLabel} ${item.when}`}</Text>
                {item.detail && <Text style={{ ...small, color: colours.accent }}>{item.detail}</Text>}
              </Section>
            ))}
            {group.total > group.items.length && (
              <Text style={small}>{`…and ${group.total - group.items.length} more in the lead desk.`}</Text>
            )}
          </Section>
        ))}
      <EmailButton href={deskUrl}>Open the lead desk</EmailButton>
      <Text style={{ ...paragraph, color: colours.muted, fontSize: "14px", lineHeight: "20px" }}>
        This e-mail comes at 7 in the morning, and only when something is waiting. Setting a lead&apos;s
        status in the lead desk takes it off the list.
      </Text>
    </EmailLayout>
  );
}
