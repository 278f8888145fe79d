/**
 * The owner's price list (docs/proposals.md, "The price list"): kept in content/business.yaml
 * (`priceList`, edited in the content editor), served to the desk by GET /api/admin/price-list and
 * picked from when a quote is written. Browser-safe.
 */
import type { VatRate } from "./money.ts";

/** One item as the desk receives it: the price in pence without VAT. */
export interface PriceListEntry {
  item: string;
  unit: string;
  unitPrice: number;
  vatRate: VatRate;
  guaranteed: boolean;
}

export const PRICE_LIST_API = "/api/admin/price-list";

/**
 * The line's description: the item, with its unit unless it is counted in ones, so that the
 * customer reads what the quantity counts ("Rebed and repoint ridge tiles (per metre)").
 */
export const priceListDescription = (entry: Pick<PriceListEntry, "item" | "unit">) =>
  /^(each|item|one)$/i.test(entry.unit.trim()) ? entry.item : `${entry.item} (per ${entry.unit.trim()})`;
