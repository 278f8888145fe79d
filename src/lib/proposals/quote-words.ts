/**
 * A written quote's money and terms in plain words (docs/proposals.md, "The page"), the same on the
 * customer's page and in the PDF: the optional extras apart with their own price, the total with
 * them, the deposit, the balance, the bank details, until when the customer can cancel and the
 * property the work is at. Every figure comes from the one money module (`totalsOf`, `depositOf`,
 * `payableOf`); nothing here adds up pence by itself beyond taking one of its totals from another.
 * Browser-safe: no Node APIs.
 */
import type { PostalAddress } from "../payments/payment-documents.ts";
import { INVOICE_DUE_DAYS } from "../payments/payment-rules.ts";
import { depositOf, formatPounds, totalsOf, type Totals } from "./money.ts";
import { payableOf } from "./reverse-charge.ts";
import { CANCELLATION_DAYS, TRADE_CANCELLATION_TEXT, type QuoteView } from "./quote-document.ts";
import { formatUkDate } from "./uk-time.ts";

/** The figures of a quote with the optional lines `chosen` (an accepted quote: as recorded then). */
export interface QuoteFigures {
  totals: Totals;
  /** What the customer pays: with VAT, or the net under the reverse charge. */
  payable: number;
  deposit: number;
  /** `payable` less the deposit. */
  balance: number;
}

export function figuresOf(view: QuoteView, chosen: readonly number[]): QuoteFigures {
  const decided = view.decision?.kind === "accepted" ? view.decision : null;
  const totals = decided?.totals ?? totalsOf(view.lines, chosen);
  const payable = payableOf(totals, !!view.tradeCustomer);
  const deposit = decided?.deposit ?? depositOf(payable, view.depositPercent);
  return { totals, payable, deposit, balance: payable - deposit };
}

/** The indexes of the optional lines, in the quote's order. */
export function optionalIndexes(view: Pick<QuoteView, "lines">): number[] {
  return view.lines.flatMap((line, index) => (line.optional ? [index] : []));
}

/**
 * Each optional extra with its own price: what choosing it alone adds to what the customer pays
 * (its VAT included for a homeowner), the difference of two totals of the money module.
 */
export function extrasOf(view: QuoteView): { index: number; adds: number }[] {
  const without = payableOf(totalsOf(view.lines), !!view.tradeCustomer);
  return optionalIndexes(view).map((index) => ({
    index,
    adds: payableOf(totalsOf(view.lines, [index]), !!view.tradeCustomer) - without,
  }));
}

/** What the customer pays with every optional extra chosen. */
export function totalWithExtras(view: QuoteView): number {
  return payableOf(totalsOf(view.lines, optionalIndexes(view)), !!view.tradeCustomer);
}

/** "including VAT", or a trade customer's "without VAT (reverse charge)". */
export const payableWords = (view: Pick<QuoteView, "tradeCustomer">) =>
  view.tradeCustomer ? "without VAT (reverse charge)" : "including VAT";

/** The deposit in plain words. */
export function depositWords(view: QuoteView, figures: QuoteFigures): string {
  if (view.depositPercent <= 0 || figures.deposit <= 0)
    return "No deposit: you pay the whole price when the work is done.";
  const when = view.decision?.kind === "accepted" ? "was due when you accepted" : "is due when you accept";
  return `The deposit, ${formatPounds(figures.deposit)} (${view.depositPercent}% of the total), ${when}.`;
}

/** The balance in plain words. */
export function balanceWords(figures: QuoteFigures): string {
  return `The balance, ${formatPounds(figures.balance)}, is due within ${INVOICE_DUE_DAYS} days of the work being completed: we send the invoice for it then.`;
}

/** Where to pay by bank transfer in plain words; null when the quote carries no bank details. */
export function bankWords(view: QuoteView): string | null {
  const bank = view.bank;
  if (!bank) return null;
  return `Pay by bank transfer to ${bank.accountName}, sort code ${bank.sortCode}, account number ${bank.accountNumber}, with ${view.number} as the reference.`;
}

/**
 * Until when the customer can cancel, in plain words (a consumer's statutory period, counted from
 * acceptance): before acceptance how it is counted, once accepted "You can cancel until {date}"
 * with the period's last day, UK time. Null when there is nothing to say: a trade customer (no such
 * right: `tradeCancellationText`), a quote no longer open nor accepted, a period over, or
 * `workComplete` (the invoice is issued on completion, which ends the right).
 */
export function cancelWords(view: QuoteView, now: number, workComplete = false): string | null {
  if (view.tradeCustomer) return null;
  if (view.status === "sent" || view.status === "viewed" || view.status === "draft")
    return `You can cancel within ${CANCELLATION_DAYS} days of accepting, without giving a reason.`;
  const until = view.decision?.kind === "accepted" ? view.decision.cancellableUntil : undefined;
  if (view.status !== "accepted" || !until || Date.parse(until) < now || workComplete) return null;
  return `You can cancel until ${formatUkDate(Date.parse(until))}.`;
}

/**
 * The property the quote is for, on one line as the page and the PDF name it ("12 High Street,
 * Stirling FK8 1AA"); null unless the first line, the town and the postcode are all known.
 */
export function propertyWords(address: Partial<PostalAddress> | null | undefined): string | null {
  const line1 = address?.line1?.trim();
  const town = address?.town?.trim();
  const postcode = address?.postcode?.trim();
  return line1 && town && postcode ? `${line1}, ${town} ${postcode}` : null;
}

/** What a trade customer's quote says instead of the right to cancel (older quotes: the default). */
export const tradeCancellationText = (view: Pick<QuoteView, "terms">) =>
  view.terms.tradeCancellation ?? TRADE_CANCELLATION_TEXT;
