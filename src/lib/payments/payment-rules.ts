/**
 * The rules of getting paid that the desk, the customer's page and the functions share
 * (docs/payments.md): what a payment's VAT is, when an invoice falls due, how long a guarantee runs,
 * the texts a person reads. Browser-safe: no Node APIs.
 */
import { divideHalfUp, formatPounds, type VatBand } from "../proposals/money.ts";

/** An invoice is due this many days after it is issued. */
export const INVOICE_DUE_DAYS = 7;
/** Reminders go this many days after an unpaid invoice fell due. */
export const INVOICE_REMINDER_DAYS = [1, 7] as const;

export const PAYMENT_TEXTS = {
  amount: "Enter an amount above £0.00 and no more than what is owed",
  receivedOn: "Enter the day the payment arrived (YYYY-MM-DD, not in the future)",
  notAccepted: "Only an accepted quote takes payments",
  nothingDue: "Nothing is due on this quote now",
  propertyAddress: "Enter the property's address before completing: it goes on the guarantee certificate",
  refundAmount: "Enter the amount refunded: from £0.00 up to what was paid",
  refundWhole: "The customer did not ask to start early: the whole amount paid is refunded",
  noRefund: "No refund is waiting for this quote",
  guaranteeNotFound:
    "We could not find a guarantee with that number and postcode. Please check both and try again.",
  workComplete: "The work is complete, so the right to cancel has ended",
  voidReason: "Say why the payment is voided (up to 500 characters)",
  alreadyVoided: "This payment is already voided",
  voidCard:
    "A card payment is Stripe's record of money that arrived: give it back as a refund instead of voiding it",
  voidNotAccepted:
    "Only a payment on an accepted quote can be voided; a cancelled quote's refund settles what was paid",
  voidErased: "This payment's quote was erased: it can no longer be voided",
} as const;

/** The longest reason a void may give. */
export const VOID_REASON_MAX = 500;

/** A deposit the invoice already took off as paid on account cannot be voided without changing the invoice. */
export const voidCounted = (invoice: string) =>
  `Invoice ${invoice} already counts this payment as paid on account: it cannot be voided`;

/** A bank payment above the balance (DESIGN §24): "That is more than the £210.00 still owed". */
export const moreThanOwed = (balance: number) => `That is more than the ${formatPounds(balance)} still owed`;

/**
 * The VAT a payment holds: the same share of it as of the accepted quote's total, per rate, so the
 * receipt can show each rate. Each rate's part of the payment is its share of the job's total with
 * VAT, in whole pence by the largest remainder (each part rounded down, the pence left over going to
 * the parts with the largest fractions), so the parts add up exactly to the payment; the VAT inside
 * a part is rate / (100 + rate) of it, half up. A deposit of 25 % of a job holds 25 % of each rate's
 * VAT, to the penny.
 */
export function paymentVat(
  amount: number,
  bands: readonly VatBand[],
  jobTotal: number,
): { vat: number; net: number; bands: VatBand[] } {
  if (jobTotal <= 0) return { vat: 0, net: amount, bands: [] };
  const parts = bands.map((band) => {
    const exact = amount * (band.net + band.vat);
    return { part: Math.floor(exact / jobTotal), remainder: exact % jobTotal };
  });
  const byRemainder = parts
    .map((part, index) => ({ index, remainder: part.remainder }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  let left = amount - parts.reduce((sum, part) => sum + part.part, 0);
  for (let i = 0; left > 0 && byRemainder.length > 0; i = (i + 1) % byRemainder.length, left--)
    parts[byRemainder[i]!.index]!.part += 1;
  const shares = bands.map((band, index) => {
    const part = parts[index]!.part;
    const vat = divideHalfUp(part * band.rate, 100 + band.rate);
    return { rate: band.rate, net: part - vat, vat };
  });
  const vat = Math.min(
    amount,
    shares.reduce((sum, share) => sum + share.vat, 0),
  );
  return { vat, net: amount - vat, bands: shares };
}

/**
 * The last day a guarantee covers: the same calendar day `years` later (29 February becomes
 * 28 February in a year without it).
 */
export function guaranteeEnd(completedOn: string, years: number): string {
  const [year, month, day] = completedOn.split("-").map(Number) as [number, number, number];
  const end = new Date(Date.UTC(year + years, month - 1, day));
  if (end.getUTCMonth() !== month - 1) end.setUTCDate(0);
  return end.toISOString().slice(0, 10);
}

/** A guarantee's length the owner may set in Job done, as content's terms allow (1 to 50 years). */
export const MIN_GUARANTEE_YEARS = 1;
export const MAX_GUARANTEE_YEARS = 50;
export const GUARANTEE_YEARS_MESSAGE = `The guarantee is ${MIN_GUARANTEE_YEARS} to ${MAX_GUARANTEE_YEARS} whole years`;
