/**
 * npm run bench:cold: every function's cold start on the bundles a deploy makes, as a median of
 * several imports in fresh Node processes and its ratio to an empty function's (scripts/lib/cold-start.ts).
 * `--runs N` sets the number of runs (default 5); names after the flags limit the functions measured.
 * Exits 1 when a function is over its bar (`npm test` runs it so).
 */
import { parseArgs } from "node:util";
import { coldStartTable, FLOOR, measureColdStarts } from "./lib/cold-start.ts";

const { values, positionals } = parseArgs({
  options: { runs: { type: "string", default: "5" } },
  allowPositionals: true,
});
const starts = await measureColdStarts({
  runs: Number(values.runs),
  only: positionals.length ? positionals : undefined,
  log: (line) => console.error(line),
});
console.log(coldStartTable(starts));
const over = starts.filter((start) => start.name !== FLOOR && start.ratio > start.bar);
if (over.length) {
  console.error(
    `Over the bar: ${over.map((start) => `${start.name} (${start.ratio.toFixed(2)}×, bar ${start.bar}×)`).join(", ")}`,
  );
  process.exitCode = 1;
}
