/**
 * The property's address as the site asks for it (the quote form, the visit page): the limits and
 * messages of its first line and its town, written once. The postcode's are in postcode.ts.
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
