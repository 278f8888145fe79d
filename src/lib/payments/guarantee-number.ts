/**
 * A guarantee certificate's number as printed (`G-7KX2-MD4P`) from what a person typed: any case,
 * with or without the dashes or with spaces instead. Null when it cannot be one. The guarantee check
 * (netlify/lib/payments/money-desk.ts) and its page (src/scripts/guarantee-page.ts) read it alike.
 */
export function guaranteeNumberOf(typed: string): string | null {
  const characters = typed.toUpperCase().replace(/[\s-]/g, "");
  const match = /^G([0-9A-Z]{4})([0-9A-Z]{4})$/.exec(characters);
  return match ? `G-${match[1]}-${match[2]}` : null;
}
