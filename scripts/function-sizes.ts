/**
 * npm run function-sizes: every function zipped as a deploy does (scripts/lib/function-bundles.ts),
 * with its zipped and unzipped size and its largest packages. The budgets are checked by
 * tests/unit/function-sizes.test.ts.
 */
import { buildFunctionBundles, MB } from "./lib/function-bundles.ts";

const mb = (bytes: number) => (bytes / MB).toFixed(2);

const bundles = await buildFunctionBundles();
console.log("function                     zipped MB  unzipped MB  largest packages (unzipped MB)");
for (const bundle of bundles) {
  const packages = bundle.packages
    .slice(0, 3)
    .map((p) => `${p.name} ${mb(p.bytes)}`)
    .join(", ");
  console.log(
    `${bundle.name.padEnd(28)} ${mb(bundle.zippedBytes).padStart(9)}  ${mb(bundle.unzippedBytes).padStart(11)}  ${packages}`,
  );
}
