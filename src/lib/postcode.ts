/**
 * UK postcodes as the site takes them: the visit booking, the property address of an accepted
 * quote, the guarantee check. One message for a postcode that is not one (docs/visits.md).
 *
 * Browser-safe: no Node APIs, astro:* or React.
 */

export const POSTCODE_MESSAGE = "Please enter a valid UK postcode";

/**
 * A UK postcode (Royal Mail's format, including the special GIR 0AA): outward code, optional space,
 * inward code. Case and spaces are forgiven; `normalisePostcode` writes it the usual way.
 */
const POSTCODE =
  /^(?:GIR ?0AA|(?:[A-PR-UWYZ][0-9][0-9]?|[A-PR-UWYZ][A-HK-Y][0-9][0-9]?|[A-PR-UWYZ][0-9][A-HJKPSTUW]|[A-PR-UWYZ][A-HK-Y][0-9][ABEHMNPRVWXY]) ?[0-9][ABD-HJLNP-UW-Z]{2})$/;

/** Upper case, one space before the inward code (the last three characters): "fk8  3dn" → "FK8 3DN". */
export function writePostcode(value: string): string {
  const compact = value.toUpperCase().replace(/\s+/g, "");
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

/** Upper case, one space before the inward code: "fk8 3dn" → "FK8 3DN"; null when not a postcode. */
export function normalisePostcode(value: string): string | null {
  const compact = value.toUpperCase().replace(/\s+/g, "");
  if (compact.length < 5 || compact.length > 7 || !POSTCODE.test(compact)) return null;
  return writePostcode(compact);
}

/** "FK8 3DN" → outward code "FK8" and area "FK". */
export function postcodeParts(postcode: string): { outward: string; area: string } {
  const outward = postcode.split(" ")[0] ?? postcode;
  return { outward, area: outward.replace(/\d.*$/, "") };
}
