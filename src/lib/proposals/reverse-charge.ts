/**
 * Trade customers and the construction domestic reverse charge (docs/payments.md, "Trade customers:
 * the reverse charge"). A lead marked as a VAT- and CIS-registered contractor, with their UK VAT
 * number, pays the price without VAT and accounts for the VAT to HMRC themselves: every document
 * shows each rate and the VAT they account for, never charges it. The status is frozen on the quote
 * when it is sent (`QuoteDocument.tradeCustomer`), so later changes of the lead touch no issued
 * document. Browser-safe: no Node APIs.
 */
import { divideHalfUp, type Totals, type VatBand } from "./money.ts";

/** The words every reverse-charge document carries (DESIGN §24; HMRC's VATREVCON37100 examples). */
export const REVERSE_CHARGE_TEXT = "Reverse charge: customer to account to HMRC for the VAT";

/** The 400's message for a VAT number that is not one. */
export const VAT_NUMBER_MESSAGE =
  "Enter a UK VAT number: GB then 9 digits (12 for a branch), e.g. GB123456789";

/** The 409 once a quote was sent to the lead. */
export const TRADE_FIXED_MESSAGE =
  "A quote has been sent to this customer, so whether they are a trade customer is fixed on it";

/** A trade customer as the documents name them. */
export interface TradeCustomer {
  /** Normalised: "GB123456789" or "GB123456789012". */
  vatNumber: string;
}

/**
 * A UK VAT number however it was typed (spaces, lower case, with or without GB) → "GB" and its 9
 * digits, or 12 for a branch trader; null when it is not one. The format is checked, not whether
 * HMRC issued it.
 */
export function normaliseVatNumber(text: string): string | null {
  const match = /^(?:GB)?(\d{9}|\d{12})$/.exec(text.replace(/[\s.-]/g, "").toUpperCase());
  return match ? `GB${match[1]}` : null;
}

/** What the customer pays for `totals`: with VAT, or its net under the reverse charge. */
export function payableOf(totals: Pick<Totals, "net" | "total">, reverseCharge: boolean): number {
  return reverseCharge ? totals.net : totals.total;
}

/**
 * The VAT a trade customer accounts for on a payment of `amount` (net: nothing of it is VAT), by
 * rate: each rate's part is its share of the job's net, in whole pence by the largest remainder
 * (so the parts add up exactly to the payment), and its VAT is part × rate / 100, half up. The
 * bands' `net` is the part.
 */
export function reverseChargeVat(
  amount: number,
  bands: readonly VatBand[],
  jobNet: number,
): { vat: number; bands: VatBand[] } {
  if (jobNet <= 0) return { vat: 0, bands: [] };
  const parts = bands.map((band) => {
    const exact = amount * band.net;
    return { part: Math.floor(exact / jobNet), remainder: exact % jobNet };
  });
  const order = parts
    .map((part, index) => ({ index, remainder: part.remainder }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  let left = amount - parts.reduce((sum, part) => sum + part.part, 0);
  for (let i = 0; left > 0 && order.length > 0; i = (i + 1) % order.length, left--)
    parts[order[i]!.index]!.part += 1;
  const shares = bands.map((band, index) => {
    const part = parts[index]!.part;
    return { rate: band.rate, net: part, vat: divideHalfUp(part * band.rate, 100) };
  });
  return { vat: shares.reduce((sum, share) => sum + share.vat, 0), bands: shares };
}

/**
 * The VAT the customer accounts for on the invoice, by rate: the job's VAT at each rate less what
 * the receipts before it declared at that rate (never below nothing).
 */
export function invoiceReverseCharge(job: readonly VatBand[], before: readonly VatBand[][]): VatBand[] {
  return job.map((band) => {
    const paid = before.flat().filter((other) => other.rate === band.rate);
    return {
      rate: band.rate,
      net: Math.max(0, band.net - paid.reduce((sum, other) => sum + other.net, 0)),
      vat: Math.max(0, band.vat - paid.reduce((sum, other) => sum + other.vat, 0)),
    };
  });
}
