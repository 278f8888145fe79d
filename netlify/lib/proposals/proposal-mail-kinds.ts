/** The kinds of the written quotes' mail jobs (their templates are registered in mail/mail-kinds.ts). */
export const PROPOSAL_MAIL = {
  /** To the customer: the quote, its PDF and the link. */
  sent: "proposal-sent",
  /** To the customer: a reminder (7 days after sending; 3 days before it expires). */
  reminder: "proposal-reminder",
  /** To the customer: the accepted document as a PDF. */
  acceptedCustomer: "proposal-accepted",
  /** To the owner: "Quote accepted". */
  acceptedOwner: "proposal-accepted-owner",
  /** To the owner: declined, with the reason. */
  declinedOwner: "proposal-declined-owner",
  /** To the owner: cancelled within the 14 days. */
  cancelledOwner: "proposal-cancelled-owner",
} as const;
