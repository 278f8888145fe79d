/**
 * How a price guide range is written, everywhere it appears: the page, /contact, the owner's
 * e-mail, the lead desk and the CSV. Browser-safe and dependency-free.
 */
import { MONTH_NAMES as MONTHS } from "../month-names.ts";

/** Whole pounds with thousands separators: 3800 → "£3,800". */
export function formatPounds(amount: number): string {
  const whole = Math.round(amount);
  const digits = String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${whole < 0 ? "-" : ""}£${digits}`;
}

/** "£3,800 – £5,200", or "from £450 — photos needed" for a job that cannot be priced blind. */
export function rangeText(band: { low: number; high: number | null }): string {
  return band.high === null
    ? `from ${formatPounds(band.low)} — photos needed`
    : `${formatPounds(band.low)} – ${formatPounds(band.high)}`;
}

/** The line the owner sees with a lead that came through the guide. */
export function guideShownText(band: { low: number; high: number | null }): string {
  return `Guide shown: ${rangeText(band)}`;
}

/** "2026-01-12" → "12 January 2026"; anything else unchanged. */
export function formatReviewed(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && month ? `${Number(match[3])} ${month} ${match[1]}` : date;
}
