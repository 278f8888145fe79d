/**
 * How long a function takes to start cold, measured on the bundles a deploy makes: every function is
 * zipped as Netlify zips it (./function-bundles.ts), unpacked, and its main module imported in a
 * fresh Node process, several times. The floor is the same for an empty v2 function, zipped the same
 * way. Every import of a function is paired with an import of the floor made just before it, and the
 * function's ratio is the median of its pairs' ratios: a busy spell of the machine falls on both halves
 * of a pair alike, so it moves the milliseconds but not the ratio. A function whose ratio is over its
 * bar is measured again, as many runs more, and judged on all its pairs: one slow spell cannot fail it,
 * a function that is slow is over on every run. docs/functions.md says what the bars are and why.
 */
import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { zipEntries, zipFunctionsInto } from "./function-bundles.ts";

/** The bar for every function: its start within this many times the floor. */
export const COLD_START_BAR = 3;
/** The bar for what visitors, customers and the desk's first screen call. */
export const COLD_START_BAR_FIRST_CALL = 2;
/** The functions held to the stricter bar. */
export const FIRST_CALL_FUNCTIONS: readonly string[] = [
  "contact",
  "gallery",
  "proposal",
  "visits",
  "guarantee-check",
  "admin-session",
];
/** The empty function's name: it imports nothing and answers "ok". */
export const FLOOR = "empty-function";

const barOf = (name: string) =>
  FIRST_CALL_FUNCTIONS.includes(name) ? COLD_START_BAR_FIRST_CALL : COLD_START_BAR;

export interface ColdStart {
  name: string;
  /** Milliseconds of each run, in the order they ran. */
  runs: number[];
  median: number;
  /** The median of its runs' ratios, each run over the floor's import made just before it. */
  ratio: number;
  /** Files the zip holds. */
  files: number;
  bar: number;
}

/** Unpacks a zip written by zip-it-and-ship-it into `dest`; returns the number of files. */
export async function unzip(zip: Buffer, dest: string): Promise<number> {
  const files = zipEntries(zip).filter((entry) => !entry.folder);
  for (const entry of files) {
    if (entry.name.split("/").includes("..")) throw new Error(`Zip entry leaves its folder: ${entry.name}`);
    const path = join(dest, entry.name);
    await mkdir(join(path, ".."), { recursive: true });
    await writeFile(path, entry.data());
  }
  return files.length;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Milliseconds a fresh `node` takes to import `module` and exit. */
function timeImport(directory: string, module: string): number {
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    ["--input-type=module", "-e", `await import(${JSON.stringify(`./${module}`)})`],
    { cwd: directory, env: { PATH: process.env.PATH, LAMBDA_TASK_ROOT: directory }, encoding: "utf8" },
  );
  const elapsed = performance.now() - started;
  if (result.status !== 0) throw new Error(`Importing ${module} failed:\n${result.stderr}`);
  return elapsed;
}

interface Unpacked {
  name: string;
  directory: string;
  module: string;
  files: number;
}

/** The main module of an unpacked bundle, as named by its entry point. */
async function mainModule(directory: string): Promise<string> {
  const entry = await readFile(join(directory, "___netlify-entry-point.mjs"), "utf8");
  const match = /getLambdaHandler\('\.\/([^']+)'\)/.exec(entry);
  if (!match?.[1]) throw new Error(`No main module named in ${directory}`);
  return match[1];
}

/**
 * Zips the site's functions and the empty one, imports each `runs` times, and returns the figures,
 * the floor first. `only` limits the functions measured (the floor always is).
 */
export async function measureColdStarts({
  runs = 5,
  only,
  log = () => undefined,
}: { runs?: number; only?: string[]; log?: (line: string) => void } = {}): Promise<ColdStart[]> {
  const work = await mkdtemp(join(tmpdir(), "cold-start-"));
  try {
    const emptySource = join(work, "empty-source");
    await mkdir(emptySource);
    await writeFile(
      join(emptySource, `${FLOOR}.mts`),
      'export default async () => new Response("ok");\nexport const config = { path: "/empty" };\n',
    );
    log("Zipping every function as a deploy does…");
    const zips = [
      ...(await zipFunctionsInto(join(work, "zips-empty"), emptySource)),
      ...(await zipFunctionsInto(join(work, "zips"))).filter((zip) => !only || only.includes(zip.name)),
    ];
    const unpacked: Unpacked[] = [];
    for (const zip of zips) {
      const directory = join(work, "unpacked", zip.name);
      const files = await unzip(await readFile(zip.path), directory);
      unpacked.push({ name: zip.name, directory, module: await mainModule(directory), files });
    }
    // One warm-up import each fills the file cache, as a deployed instance's disk would be.
    for (const bundle of unpacked) timeImport(bundle.directory, bundle.module);
    const [floorBundle, ...functions] = unpacked;
    const floorRuns: number[] = [];
    const pairs = new Map<string, { ms: number[]; ratios: number[] }>(
      functions.map((bundle) => [bundle.name, { ms: [], ratios: [] }]),
    );
    const measure = (bundle: Unpacked) => {
      const floorMs = timeImport(floorBundle!.directory, floorBundle!.module);
      const ms = timeImport(bundle.directory, bundle.module);
      floorRuns.push(floorMs);
      pairs.get(bundle.name)!.ms.push(ms);
      pairs.get(bundle.name)!.ratios.push(ms / floorMs);
    };
    for (let run = 1; run <= runs; run++) {
      log(`Run ${run} of ${runs}…`);
      for (const bundle of functions) measure(bundle);
    }
    const over = functions.filter((bundle) => median(pairs.get(bundle.name)!.ratios) > barOf(bundle.name));
    if (over.length) {
      log(
        `Over the bar after ${runs} runs: ${over.map((bundle) => bundle.name).join(", ")}; measuring again…`,
      );
      for (let run = 1; run <= runs; run++) for (const bundle of over) measure(bundle);
    }
    const floorMedian = median(floorRuns);
    return [
      { name: FLOOR, runs: floorRuns, median: floorMedian, ratio: 1, files: floorBundle!.files, bar: 1 },
      ...functions.map((bundle) => {
        const { ms, ratios } = pairs.get(bundle.name)!;
        return {
          name: bundle.name,
          runs: ms,
          median: median(ms),
          ratio: median(ratios),
          files: bundle.files,
          bar: barOf(bundle.name),
        };
      }),
    ];
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** The figures as a table, slowest first after the floor; over-the-bar lines marked. */
export function coldStartTable(starts: ColdStart[]): string {
  const [floor, ...rest] = starts;
  const lines = ["function                                median ms   × floor   bar   files"];
  for (const start of [floor!, ...rest.sort((a, b) => b.ratio - a.ratio)]) {
    const over = start.name !== FLOOR && start.ratio > start.bar ? "  OVER" : "";
    lines.push(
      `${start.name.padEnd(38)} ${start.median.toFixed(0).padStart(9)} ${start.ratio.toFixed(2).padStart(9)} ${
        start.name === FLOOR ? "    –" : `${start.bar}×`.padStart(5)
      } ${String(start.files).padStart(7)}${over}`,
    );
  }
  return lines.join("\n");
}
