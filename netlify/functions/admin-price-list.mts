import type { Config } from "@netlify/functions";
import { requireAdmin } from "../lib/admin/auth.ts";
import { businessDetails } from "../lib/business.ts";
import { json } from "../lib/http/responses.ts";
import { toErrorResponse } from "../lib/http/http-error.ts";
import type { VatRate } from "../../src/lib/proposals/money.ts";
import type { PriceListEntry } from "../../src/lib/proposals/price-list.ts";

const METHODS = ["GET", "HEAD"];

/**
 * GET /api/admin/price-list → 200 `{ items: [{ item, unit, unitPrice, vatRate, guaranteed }] }`:
 * the price list of content/business.yaml for the desk's quote form (docs/proposals.md, "The price
 * list"), prices in pence without VAT. Served to signed-in staff only, never in the static page:
 * a contractor's unit prices are not for everyone to read.
 */
export default async (req: Request) => {
  try {
    await requireAdmin(req, METHODS);
    const business = await businessDetails();
    const items: PriceListEntry[] = (business.priceList ?? []).map((entry) => ({
      item: entry.item,
      unit: entry.unit,
      unitPrice: Math.round(entry.price * 100),
      vatRate: (entry.vatRate ?? 20) as VatRate,
      guaranteed: entry.guaranteed !== false,
    }));
    return json({ items });
  } catch (error) {
    return toErrorResponse(error, "admin-price-list");
  }
};

export const config: Config = { path: "/api/admin/price-list" };
