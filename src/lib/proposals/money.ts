/**
 * Money of the written quotes (docs/proposals.md, "Money"): the one place VAT, totals and deposits
 * are worked out, and the one function that turns pence into pounds for a person to read. Shared
 * by the functions, the desk and the customer's page, so every figure is the same everywhere.
 *
 * Amounts are integer pence. A line's price is its quantity (at most two decimals) times its unit
 * price, rounded half up to the penny. VAT is worked out per rate on the sum of that rate's lines,
 * rounded half up to the penny. Optional lines count only when chosen.
 *
 * Browser-safe: no Node APIs.
 */

/** The VAT rates a line can carry, in per cent. */
export const VAT_RATES = [20, 5, 0] as const;
export type VatRate = (typeof VAT_RATES)[number];

/** A priced line: `unitPrice` in pence without VAT. */
export interface MoneyLine {
  quantity: number;
  unitPrice: number;
  vatRate: VatRate;
  optional?: boolean;
}

export interface Totals {
  /** Without VAT. */
  net: number;
  vat: number;
  /** With VAT: the headline. */
  total: number;
}

export interface VatBand {
  rate: VatRate;
  /** The lines' net at this rate. */
  net: number;
  vat: number;
}

/** `numerator / denominator` rounded half up (both non-negative integers). */
export function divideHalfUp(numerator: number, denominator: number): number {
  const whole = Math.floor(numerator / denominator);
  const rest = numerator - whole * denominator;
  return rest * 2 >= denominator ? whole + 1 : whole;
}

/** A quantity in hundredths (2.5 → 250), so no binary fraction enters a price. */
export function quantityHundredths(quantity: number): number {
  return Math.round(quantity * 100);
}

/** A line's price without VAT, in pence. */
export function lineNet(line: Pick<MoneyLine, "quantity" | "unitPrice">): number {
  return divideHalfUp(quantityHundredths(line.quantity) * line.unitPrice, 100);
}

/**
 * Which lines count: every line that is not optional, and the optional ones whose index (in
 * `lines`) is in `chosen`.
 */
export function countedLines<L extends MoneyLine>(lines: readonly L[], chosen: readonly number[] = []): L[] {
  return lines.filter((line, index) => !line.optional || chosen.includes(index));
}

/** VAT by rate, highest rate first, only the rates that have lines. */
export function vatBands(lines: readonly MoneyLine[], chosen: readonly number[] = []): VatBand[] {
  const counted = countedLines(lines, chosen);
  return VAT_RATES.flatMap((rate) => {
    const ofRate = counted.filter((line) => line.vatRate === rate);
    if (!ofRate.length) return [];
    const net = ofRate.reduce((sum, line) => sum + lineNet(line), 0);
    return [{ rate, net, vat: divideHalfUp(net * rate, 100) }];
  });
}

/** Net, VAT and total of the lines that count. */
export function totalsOf(lines: readonly MoneyLine[], chosen: readonly number[] = []): Totals {
  const bands = vatBands(lines, chosen);
  const net = bands.reduce((sum, band) => sum + band.net, 0);
  const vat = bands.reduce((sum, band) => sum + band.vat, 0);
  return { net, vat, total: net + vat };
}

/** The deposit: `percent` of the total with VAT, rounded half up to the penny. */
export function depositOf(total: number, percent: number): number {
  return divideHalfUp(total * percent, 100);
}

/** Whole pounds, rounded half up (the lead's quoted amount, which the price guide compares). */
export function wholePounds(pence: number): number {
  return divideHalfUp(pence, 100);
}

/** Made on first use, as the date formats are (src/lib/visits/london-time.ts, `ukFormat`). */
let pounds: Intl.NumberFormat | undefined;

/** Pence as a person reads them: 123456 → "£1,234.56". The only way money becomes text. */
export function formatPounds(pence: number): string {
  pounds ??= new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });
  return pounds.format(pence / 100);
}

/** "12.50" pounds typed in the desk → 1250 pence; null when it is not an amount of money. */
export function penceFromPounds(text: string): number | null {
  const match = /^\s*£?\s*(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(text.replace(/,/g, ""));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}
