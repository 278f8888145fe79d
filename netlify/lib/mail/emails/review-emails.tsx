/**
 * The review request of a completed job and its reminder (docs/reviews.md), rendered to HTML and
 * plain text with the one-click unsubscribe headers. Server-only.
 */
import { businessDetails } from "../../business.ts";
import { database } from "../../database/database.ts";
import { REVIEW_TOKEN_BYTES, unsubscribeUrl } from "../../follow-up/review-requests.ts";
import { issueLinkToken } from "../../links/link-tokens.ts";
import { STOPPED_REVIEWS } from "../lead-mail.ts";
import { Cancelled, type MailJob, type MailRenderer } from "../mail-job.ts";
import type { MailSettings, OutgoingMail } from "../mailer.ts";
import { readQuote, type QuoteRecord } from "../../quote/quote-store.ts";
import { isHeaderSafeAddress, plainName, unwritableAddress } from "./quote-emails.tsx";
import ReviewRequestEmail from "./ReviewRequestEmail.tsx";
import { renderEmail } from "./render.ts";

/** To the customer; null when their address cannot be written to (the e-mail then fails for good). */
export async function reviewEmail(
  record: Pick<QuoteRecord, "id" | "email" | "firstName" | "review">,
  settings: MailSettings,
  reminder: boolean,
): Promise<OutgoingMail | null> {
  if (!isHeaderSafeAddress(record.email) || !record.review) return null;
  const business = await businessDetails();
  if (!business.reviewUrl) throw new Error("content/business.yaml has no reviewUrl");
  const token = await issueLinkToken(database(), {
    purpose: "review",
    leadId: record.id,
    subjectId: record.id,
    bytes: REVIEW_TOKEN_BYTES,
  });
  const stop = unsubscribeUrl(settings.siteUrl, record.id, token);
  const body = await renderEmail(
    <ReviewRequestEmail
      business={business}
      siteUrl={settings.siteUrl}
      greetingName={plainName(record.firstName)}
      reviewUrl={business.reviewUrl}
      unsubscribeUrl={stop}
      reminder={reminder}
    />,
  );
  return {
    to: record.email,
    replyTo: settings.ownerEmail,
    subject: `${reminder ? "A reminder: would" : "Would"} you review our work? – ${business.name}`,
    ...body,
    // RFC 8058 one-click unsubscribe: mail programs POST "List-Unsubscribe=One-Click" to the URL.
    headers: {
      "List-Unsubscribe": `<${stop}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

/**
 * The review request or its reminder of a mail job, from the lead as it is when it is sent: none
 * once the customer has stopped review e-mails (a send that failed before they did, retried after).
 */
async function reviewMail(job: MailJob, settings: MailSettings, reminder: boolean) {
  const record = await readQuote(job.leadId);
  if (!record) return null;
  if (record.review?.optedOutAt) return new Cancelled(STOPPED_REVIEWS);
  return (await reviewEmail(record, settings, reminder)) ?? unwritableAddress();
}

/** The review e-mails as the templates of their mail jobs (mail-kinds.ts). */
export const REVIEW_RENDERERS: Record<string, MailRenderer> = {
  review: (job, settings) => reviewMail(job, settings, false),
  reminder: (job, settings) => reviewMail(job, settings, true),
};
