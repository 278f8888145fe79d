/**
 * The property's address as the site asks for it (the quote form, the visit page): the limits,
 * messages and checks of its first line and its town, written once. The postcode's are in
 * postcode.ts.
 *
 * Browser-safe and dependency-free: the quote form's bundle takes only these few lines.
 */
export const ADDRESS_MAX_LENGTH = 100;
export const TOWN_MAX_LENGTH = 60;

export const ADDRESS_MESSAGES = {
  addressLine1: "Please enter the first line of the address",
  addressLine1Max: `The address must be at most ${ADDRESS_MAX_LENGTH} characters`,
  town: "Please enter the town",
  townMax: `The town must be at most ${TOWN_MAX_LENGTH} characters`,
} as const;

/** Control characters (C0, DEL, C1) and line separators never stay in a one-line field. */
export const oneLine = (value: string) =>
  value
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();

/** Length in characters as a person counts them (code points, not UTF-16 units). */
export const characters = (value: string) => Array.from(value).length;

/** The message for a first line of the address (already one line), or undefined when it holds. */
export const addressLine1Error = (line1: string): string | undefined =>
  line1.length < 3
    ? ADDRESS_MESSAGES.addressLine1
    : characters(line1) > ADDRESS_MAX_LENGTH
      ? ADDRESS_MESSAGES.addressLine1Max
      : undefined;

/** The message for a town (already one line), or undefined when it holds. */
export const townError = (town: string): string | undefined =>
  town.length < 2
    ? ADDRESS_MESSAGES.town
    : characters(town) > TOWN_MAX_LENGTH
      ? ADDRESS_MESSAGES.townMax
      : undefined;
