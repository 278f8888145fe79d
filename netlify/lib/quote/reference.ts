/**
 * Quote references: the short code a customer reads out over the phone (docs/email.md, The reference).
 * `Q-` and six characters from an alphabet without look-alikes (no 0/O, no 1/I/L).
 */
import { randomInt } from "node:crypto";

export const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const REFERENCE_LENGTH = 6;
export const REFERENCE_PATTERN = new RegExp(`^Q-[${REFERENCE_ALPHABET}]{${REFERENCE_LENGTH}}$`);

/**
 * A new random reference. Uniqueness is the database's (a UNIQUE constraint): a clash, about one
 * in 10⁸ per pair, draws again (quote-store.ts, insertQuote).
 */
export function newReference(): string {
  let code = "";
  for (let i = 0; i < REFERENCE_LENGTH; i++) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `Q-${code}`;
}
