/**
 * The price guide's calculation data (the bands and choices of content/price-guide.yaml) as a static
 * file, /price-guide/data.json. The /contact page fetches it only when the visitor arrives from the
 * guide, to show the range above the quote form without carrying it on every visit.
 */
import type { APIRoute } from "astro";
import { pricingData } from "../../lib/price-guide/band";
import { getPriceGuide } from "../../utils/content";

export const GET: APIRoute = async () => Response.json(pricingData(await getPriceGuide()));
