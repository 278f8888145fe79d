/**
 * Where a written quote stands, and the words the desk shows for it. Shipped to the browser: no
 * Node APIs, astro:*, React or zod.
 */

export const PROPOSAL_STATUSES = [
  "draft",
  "sent",
  "viewed",
  "accepted",
  "declined",
  "expired",
  "withdrawn",
  "cancelled",
] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

export const PROPOSAL_STATUS_LABELS: Readonly<Record<ProposalStatus, string>> = {
  draft: "Draft",
  sent: "Sent",
  viewed: "Viewed",
  accepted: "Accepted",
  declined: "Declined",
  expired: "Expired",
  withdrawn: "Withdrawn",
  cancelled: "Cancelled",
};
