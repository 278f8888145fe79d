/**
 * The property's address on a quote request (docs/http-contract.md, POST /api/contact): optional,
 * and each of its three parts on its own, checked with the visit page's rules and messages, so what
 * the visitor typed once is what the visit page and the quote page show again.
 *
 * Browser-safe: no Node APIs, astro:* or React.
 */
import { addressLine1Error, oneLine, townError } from "../address-rules.ts";
import { normalisePostcode, POSTCODE_MESSAGE } from "../postcode.ts";

export const ADDRESS_FIELD_NAMES = ["addressLine1", "town", "postcode"] as const;
export type AddressFieldName = (typeof ADDRESS_FIELD_NAMES)[number];

/** What a lead keeps: each part as given, "" when left out. */
export interface LeadAddress {
  line1: string;
  town: string;
  postcode: string;
}

/**
 * Checks the three optional fields: `{ address }` (null when all are empty) or `{ fieldErrors }`,
 * one message for each part given but not valid.
 */
export function checkLeadAddress(
  fields: Partial<Record<AddressFieldName, string>>,
): { address: LeadAddress | null } | { fieldErrors: Partial<Record<AddressFieldName, string[]>> } {
  const line1 = oneLine(fields.addressLine1 ?? "");
  const town = oneLine(fields.town ?? "");
  const given = oneLine(fields.postcode ?? "");
  const errors: Partial<Record<AddressFieldName, string[]>> = {};
  const line1Error = line1 ? addressLine1Error(line1) : undefined;
  if (line1Error) errors.addressLine1 = [line1Error];
  const townMessage = town ? townError(town) : undefined;
  if (townMessage) errors.town = [townMessage];
  const postcode = given ? normalisePostcode(given) : "";
  if (postcode === null) errors.postcode = [POSTCODE_MESSAGE];
  if (Object.keys(errors).length) return { fieldErrors: errors };
  return { address: line1 || town || postcode ? { line1, town, postcode: postcode ?? "" } : null };
}
