/**
 * Quote references: the short code a customer reads out over the phone (docs/email.md, The reference).
 * `Q-` and six characters from an alphabet without look-alikes (no 0/O, no 1/I/L).
 */
import { randomInt } from "node:crypto";
import { reserveReference } from "./quote-store.ts";

export const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const REFERENCE_LENGTH = 6;
export const REFERENCE_PATTERN = new RegExp(`^Q-[${REFERENCE_ALPHABET}]{${REFERENCE_LENGTH}}$`);

/** A new random reference; uniqueness is the store's to enforce (`reserveReference`). */
export function newReference(): string {
  let code = "";
  for (let i = 0; i < REFERENCE_LENGTH; i++) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `Q-${code}`;
}

/** A fresh reference reserved for the submission (a clash, about one in 10⁸ per pair, draws again). */
export async function assignReference(quoteId: string): Promise<string> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const reference = newReference();
    if (await reserveReference(reference, quoteId)) return reference;
  }
  throw new Error("Could not find a free quote reference");
}
