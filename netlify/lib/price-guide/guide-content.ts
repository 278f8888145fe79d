/**
 * The owner's price guide from content/price-guide.yaml, for functions: the server recomputes the
 * range a quote carries from the same file the /price-guide page was built from. netlify.toml ships
 * the file with the functions (`included_files`); deployed it sits under the function's task root,
 * locally under the project. Checked with the build's schema and read once per function instance;
 * the parser and the schema load on first use, so a quote without an estimate never loads them.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { PriceGuide } from "../../../src/lib/price-guide/guide-schema.ts";

const GUIDE_FILE = join("content", "price-guide.yaml");

let cached: PriceGuide | undefined;

function guideFilePath(): string {
  const roots = [process.env.LAMBDA_TASK_ROOT, process.cwd()].filter((root): root is string => !!root);
  const found = roots.map((root) => join(root, GUIDE_FILE)).find((path) => existsSync(path));
  if (!found) throw new Error(`${GUIDE_FILE} was not shipped with the function`);
  return found;
}

export async function priceGuide(): Promise<PriceGuide> {
  if (!cached) {
    const [{ parse }, { PriceGuideSchema }] = await Promise.all([
      import("yaml"),
      import("../../../src/lib/price-guide/guide-schema.ts"),
    ]);
    const document = parse(readFileSync(guideFilePath(), "utf8")) as { guide?: unknown };
    cached = PriceGuideSchema.parse(document.guide);
  }
  return cached;
}
