/**
 * The owner's price guide from content/price-guide.yaml, for functions: the server recomputes the
 * range a quote carries from the same file the /price-guide page was built from. The build ships
 * the file with the functions that read it (netlify/lib/shipped-file.ts). Checked with the build's schema and read once per function instance;
 * the parser and the schema load on first use, so a quote without an estimate never loads them.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { PriceGuide } from "../../../src/lib/price-guide/guide-schema.ts";
import { shippedFile } from "../shipped-file.ts";

const GUIDE_FILE = join("content", "price-guide.yaml");

let cached: PriceGuide | undefined;

export async function priceGuide(): Promise<PriceGuide> {
  if (!cached) {
    const [{ parse }, { PriceGuideSchema }] = await Promise.all([
      import("yaml"),
      import("../../../src/lib/price-guide/guide-schema.ts"),
    ]);
    const document = parse(readFileSync(shippedFile(GUIDE_FILE), "utf8")) as { guide?: unknown };
    cached = PriceGuideSchema.parse(document.guide);
  }
  return cached;
}
