import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { REVIEW_REMINDER_DAYS } from "../../../../src/lib/follow-up/rules.ts";
import type { BusinessDetails } from "../../business.ts";
import EmailLayout, { EmailButton, colours, heading, paragraph } from "./EmailLayout.tsx";

export interface ReviewRequestEmailProps {
  business: BusinessDetails;
  siteUrl: string;
  /** Only a plain first name; null greets without a name. */
  greetingName: string | null;
  /** The business's public review page: the e-mail's one link to it. */
  reviewUrl: string;
  /** Stops this lead's review e-mails (the same URL as the List-Unsubscribe header). */
  unsubscribeUrl: string;
  /** The one reminder rather than the request. */
  reminder: boolean;
}

const small = { color: colours.muted, fontSize: "14px", lineHeight: "20px", margin: "12px 0 0" };

/**
 * The review request of a completed job, and its one reminder. The same words for every customer
 * (the review policy): no "were you happy?" step before the link, no incentive, one link to the
 * public review page, and a way to stop.
 */
export default function ReviewRequestEmail(props: ReviewRequestEmailProps) {
  const { business, siteUrl, greetingName, reviewUrl, unsubscribeUrl, reminder } = props;
  return (
    <EmailLayout
      business={business}
      siteUrl={siteUrl}
      preview={
        reminder
          ? "A reminder: would you write a short review of the work we did for you?"
          : "Would you write a short review of the work we did for you?"
      }
    >
      <Heading as="h1" style={heading}>
        {reminder ? "A short reminder" : "Thank you for choosing us"}
      </Heading>
      <Text style={paragraph}>{greetingName ? `Dear ${greetingName},` : "Hello,"}</Text>
      {reminder ? (
        <Text style={paragraph}>
          {`${REVIEW_REMINDER_DAYS} days ago we asked whether you would write a review of the work we did for you. If you have a moment, it would help other people nearby choose a roofer. If you have written one already, thank you, and please ignore this e-mail.`}
        </Text>
      ) : (
        <Text style={paragraph}>
          Your job is finished. Would you write a short review of our work? Reviews help other people nearby
          choose a roofer, and they tell us what to keep doing and what to do better.
        </Text>
      )}
      <Text style={paragraph}>Whatever you have to say, good or bad, please say it in your review.</Text>
      <EmailButton href={reviewUrl}>Write a review</EmailButton>
      <Text style={paragraph}>
        We ask every customer in the same way and offer nothing in return.{" "}
        <Link href={`${siteUrl}/review-policy`} style={{ color: colours.brand, textDecoration: "underline" }}>
          Our review policy
        </Link>{" "}
        explains how we ask for reviews and how we show them.
      </Text>
      <Text style={small}>
        {reminder
          ? "This is our only reminder: we will not ask again about this job. "
          : `We will send one reminder in ${REVIEW_REMINDER_DAYS} days, then no more. `}
        <Link href={unsubscribeUrl} style={{ color: colours.muted, textDecoration: "underline" }}>
          Stop review e-mails
        </Link>
      </Text>
    </EmailLayout>
  );
}
