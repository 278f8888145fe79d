/**
 * The customer's link to a written quote: `/quote/{token}`. The token is 256 random bits
 * (base64url), drawn when the quote is sent and stored with it (column `token`, unique), so the
 * e-mails written later (reminders, the confirmation) carry the same link and no secret or
 * password change can break a link already sent. A copy of the database therefore opens the
 * quotes in it, as it opens the review opt-out links; docs/proposals.md says why that is accepted.
 */
import { randomBytes } from "node:crypto";

/** 43 URL-safe characters. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const newProposalToken = (): string => randomBytes(32).toString("base64url");

export const customerPath = (token: string) => `/quote/${token}`;
