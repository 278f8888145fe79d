/**
 * Pure helpers for the contact admin screen (/contact-admin): the submission shape the admin API
 * returns, list formatting and the customer links.
 *
 * Shipped to the browser: keep it free of Node APIs, astro:* and React.
 */
import { MESSAGE_PREVIEW_LENGTH } from "../constants";
import { mailtoLink } from "../links";
import type { LeadNote, LeadSource, LeadStatus } from "../lead-model";
import { isNotificationList, type AdminNotification } from "../notification-status";
import { isReviewSummary, type ReviewSummary } from "../follow-up/review-status";
import { serviceLabel } from "../service-options";
import type { QuoteFields } from "../quote/rules";
import type { StoredEstimate } from "../price-guide/estimate";
import type { LeadVisitSummary } from "../visits/visits-api";
import type { ProposalSummary } from "../proposals/proposals-api";
import type { LeadGuarantee, LeadInvoice } from "../payments/payments-api";

/** The local-storage flag of docs/spec.md, States: the screen stays unlocked across reloads while it is "true". */
export const CONTACT_ADMIN_STORAGE_KEY = "contact-admin";

export interface AdminAttachment {
  name: string;
  size: number;
  type: string;
  /** Same-origin URL; needs the admin session. */
  url: string;
}

/** One item of GET /api/admin/contact-submissions (newest first). */
export interface AdminQuote extends QuoteFields {
  id: string;
  createdAt: string;
  attachments: AdminAttachment[];
  /** Lead desk fields; optional so answers without them (older servers, tests) still parse. */
  reference?: string | null;
  status?: LeadStatus;
  notes?: LeadNote[];
  source?: LeadSource | null;
  notifications?: AdminNotification[];
  /** The price guide range the visitor saw (read it through storedEstimate) and the amount quoted. */
  estimate?: StoredEstimate | null;
  quotedAmount?: number | null;
  quotedAt?: string | null;
  /** When the status last changed; null until it first does. */
  statusChangedAt?: string | null;
  /** The review request of a completed job; null until the lead is first completed. */
  review?: ReviewSummary | null;
  /** The survey visit (docs/visits.md): in one lead's answer only; null when never invited. */
  visit?: LeadVisitSummary | null;
  /** The lead's written quotes, newest first (one lead's detail only). */
  proposals?: ProposalSummary[];
  /** Invoices issued on completion, and the guarantee certificate (docs/payments.md; one lead's detail only). */
  invoices?: LeadInvoice[];
  guarantee?: LeadGuarantee | null;
  /** A VAT- and CIS-registered contractor under the reverse charge (one lead's detail only). */
  tradeCustomer?: { vatNumber: string } | null;
}

const ELLIPSIS = "...";

/** The message cut at `limit` characters (whole code points) with an ellipsis; shorter ones unchanged. */
export function messagePreview(message: string, limit: number = MESSAGE_PREVIEW_LENGTH): string {
  const characters = Array.from(message);
  if (characters.length <= limit) return message;
  return `${characters.slice(0, limit).join("").trimEnd()}${ELLIPSIS}`;
}

export function fullName(submission: Pick<AdminQuote, "firstName" | "lastName">): string {
  return `${submission.firstName} ${submission.lastName}`.trim();
}

/** mailto: a reply to the customer about their quote request. */
export function replyMailto(submission: AdminQuote, businessName: string): string {
  return mailtoLink(submission.email, {
    subject: `Your ${serviceLabel(submission.serviceRequired)} quote request – ${businessName}`,
    body: `Dear ${submission.firstName},\n\nThank you for your quote request.\n\n`,
  });
}

function isAttachment(value: unknown): value is AdminAttachment {
  if (typeof value !== "object" || value === null) return false;
  const a = value as Record<string, unknown>;
  return (
    typeof a.name === "string" &&
    typeof a.size === "number" &&
    typeof a.type === "string" &&
    typeof a.url === "string"
  );
}

function isSubmission(value: unknown): value is AdminQuote {
  if (typeof value !== "object" || value === null) return false;
  const s = value as Record<string, unknown>;
  return (
    ["id", "createdAt", "firstName", "lastName", "email", "phone", "serviceRequired", "message"].every(
      (field) => typeof s[field] === "string",
    ) &&
    Array.isArray(s.attachments) &&
    s.attachments.every(isAttachment) &&
    (s.reference === undefined || s.reference === null || typeof s.reference === "string") &&
    isNotificationList(s.notifications) &&
    isReviewSummary(s.review)
  );
}

/** The list response checked against the contract; throws when the server sent something else. */
export function parseQuotes(body: unknown): AdminQuote[] {
  if (!Array.isArray(body) || !body.every(isSubmission)) {
    throw new Error("The server sent submissions in an unexpected format");
  }
  return body;
}
