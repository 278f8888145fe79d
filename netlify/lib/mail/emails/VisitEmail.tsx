import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { telLink } from "../../../../src/lib/links.ts";
import type { BusinessDetails } from "../../business.ts";
import EmailLayout, { EmailButton, colours, heading, paragraph } from "./EmailLayout.tsx";

/** Which e-mail about a survey visit. */
export type VisitEmailKind = "invitation" | "booked" | "moved" | "cancelled" | "reminder";

export interface VisitEmailProps {
  business: BusinessDetails;
  siteUrl: string;
  kind: VisitEmailKind;
  audience: "customer" | "owner";
  /** Customer: a plain first name or null. Owner: the customer's full name. */
  name: string | null;
  /** "Monday 29 March 2027, 10:00 to 11:00" (UK time); absent on the invitation. */
  when?: string;
  address?: string;
  accessNotes?: string | null;
  /** The customer's link to book, move or cancel; null when it cannot be written (the customer calls). */
  link?: string | null;
  /** "2 hours" before the visit: until then the link can change it. */
  cutoff?: string;
  /** Owner: the customer's phone and the lead in the desk. */
  phone?: string;
  leadUrl?: string;
  outsideArea?: boolean;
  cancelledBy?: "customer" | "owner" | null;
}

const HEADINGS: Record<VisitEmailKind, string> = {
  invitation: "Book your free survey visit",
  booked: "Your survey visit is booked",
  moved: "Your survey visit has moved",
  cancelled: "Your survey visit is cancelled",
  reminder: "See you tomorrow",
};

const OWNER_HEADINGS: Record<VisitEmailKind, string> = {
  invitation: "Visit invitation sent",
  booked: "Survey visit booked",
  moved: "Survey visit moved",
  cancelled: "Survey visit cancelled",
  reminder: "Survey visit tomorrow",
};

/** Every e-mail about a survey visit, to the customer or to the owner. */
export default function VisitEmail(props: VisitEmailProps) {
  const { business, siteUrl, kind, audience, name, when, address, link } = props;
  const owner = audience === "owner";
  const title = owner ? OWNER_HEADINGS[kind] : HEADINGS[kind];
  return (
    <EmailLayout business={business} siteUrl={siteUrl} preview={when ? `${title}: ${when}` : title}>
      <Heading as="h1" style={heading}>
        {title}
      </Heading>
      {!owner && <Text style={paragraph}>{name ? `Dear ${name},` : "Hello,"}</Text>}
      {kind === "invitation" && (
        <>
          <Text style={paragraph}>
            Thank you for your quote request. Most roof jobs are priced after a short visit: we look at the
            roof and walls from the ground and the ladder, measure up and answer your questions. The visit is
            free and there is no obligation.
          </Text>
          <Text style={paragraph}>Choose a time that suits you with the button below.</Text>
        </>
      )}
      {owner && (
        <Text style={paragraph}>
          {name}
          {props.phone && (
            <>
              {" · "}
              <Link href={telLink(props.phone)} style={{ color: colours.brand }}>
                {props.phone}
              </Link>
            </>
          )}
        </Text>
      )}
      {when && (
        <Section
          style={{
            backgroundColor: colours.brandLight,
            borderRadius: "8px",
            padding: "4px 16px",
            margin: "16px 0",
          }}
        >
          <Text style={{ ...paragraph, margin: "12px 0 4px", fontWeight: 700 }}>
            {kind === "cancelled" ? <s>{when}</s> : when}
          </Text>
          {address && <Text style={{ ...paragraph, margin: "0 0 12px" }}>{address}</Text>}
          {owner && props.accessNotes && (
            <Text style={{ ...paragraph, margin: "0 0 12px", whiteSpace: "pre-wrap" }}>
              Access: {props.accessNotes}
            </Text>
          )}
        </Section>
      )}
      {!owner && kind === "booked" && (
        <Text style={paragraph}>
          The calendar invitation attached adds the visit to your phone's calendar in one tap. We will send a
          reminder the evening before.
        </Text>
      )}
      {!owner && kind === "moved" && (
        <Text style={paragraph}>
          The visit is at the new time above. The calendar invitation attached updates the one in your
          calendar.
        </Text>
      )}
      {!owner && kind === "cancelled" && (
        <Text style={paragraph}>
          {props.cancelledBy === "owner"
            ? "We are sorry: we have had to cancel this visit. We will call you to arrange another time."
            : "As you asked, the visit is cancelled. The calendar invitation attached takes it out of your calendar."}
        </Text>
      )}
      {!owner && kind === "reminder" && (
        <Text style={paragraph}>
          A reminder that we are coming to look at your property tomorrow. Please make sure we can reach the
          roof and the walls we are pricing.
        </Text>
      )}
      {owner && props.outsideArea && (
        <Text style={{ ...paragraph, color: colours.accent }}>
          The postcode is outside the areas served: call the customer to confirm.
        </Text>
      )}
      {!owner && link && (
        <EmailButton href={link}>
          {kind === "invitation" || kind === "cancelled" ? "Choose a time" : "Move or cancel the visit"}
        </EmailButton>
      )}
      {!owner && link && kind !== "invitation" && kind !== "cancelled" && (
        <Text style={{ ...paragraph, color: colours.muted, fontSize: "14px" }}>
          {`You can move or cancel the visit from this link until ${props.cutoff ?? "2 hours"} before it.`}
        </Text>
      )}
      {!owner && (
        <Text style={paragraph}>
          Any questions? Call us on{" "}
          <Link href={telLink(business.phone)} style={{ color: colours.brand }}>
            {business.phone}
          </Link>
          .
        </Text>
      )}
      {owner && props.leadUrl && <EmailButton href={props.leadUrl}>Open the lead</EmailButton>}
    </EmailLayout>
  );
}
