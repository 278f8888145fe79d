/**
 * Zips every function as a deploy does: bundled by `npm run build` (./function-build.ts), then zipped
 * with the zip-it-and-ship-it that Netlify Build uses (the copy inside netlify-cli's @netlify/build)
 * and the [functions] settings of netlify.toml. Returns each zip's size and the size of what it
 * unpacks to.
 */
import { mkdir, mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { inflateRawSync } from "node:zlib";
import { buildFunctions } from "./function-build.ts";

export const ROOT = join(import.meta.dirname, "..", "..");
export const MB = 1024 * 1024;

/** Zipped-size budgets, well under the platform's 50 MB per function. */
export const FUNCTION_BUDGETS = { sharp: 25 * MB, other: 5 * MB } as const;
/** The only functions that may ship sharp (and so libvips): they process uploaded images. */
export const SHARP_FUNCTIONS: readonly string[] = ["upload-image"];

export interface FunctionBundle {
  name: string;
  zippedBytes: number;
  unzippedBytes: number;
  /** Top-level node_modules packages inside the zip, largest first, with their unzipped bytes. */
  packages: { name: string; bytes: number }[];
}

export interface ZipResult {
  name: string;
  path: string;
}
type ZipFunctions = (
  src: string,
  dest: string,
  options: { basePath: string; repositoryRoot: string; config: Record<string, unknown> },
) => Promise<ZipResult[]>;

/** The first of `candidates` (paths under node_modules) that exists, imported. */
async function importFirst<T>(candidates: string[], what: string): Promise<T> {
  for (const candidate of candidates) {
    const file = join(ROOT, "node_modules", candidate);
    try {
      await stat(file);
    } catch {
      continue;
    }
    return (await import(/* @vite-ignore */ pathToFileURL(file).href)) as T;
  }
  throw new Error(`${what} not found: is netlify-cli installed?`);
}

/** What the zipper reads of a function's configuration without zipping it. */
export interface ListedFunction {
  name: string;
  runtimeAPIVersion?: number;
  schedule?: string;
  displayName?: string;
  routes?: { pattern: string; methods: string[] }[];
  trafficRules?: unknown;
  inputModuleFormat?: string;
}
type ListFunctions = (
  src: string,
  options: { parseISC: boolean; config: Record<string, unknown> },
) => Promise<ListedFunction[]>;

type ZipFunction = (
  path: string,
  dest: string,
  options: { basePath: string; repositoryRoot: string; config: Record<string, unknown> },
) => Promise<ZipResult & { trafficRules?: unknown; invocationMode?: string }>;

/** zip-it-and-ship-it as pinned by Netlify Build (the hoisted copy may be another major). */
async function loadZipItAndShipIt(): Promise<{
  zipFunctions: ZipFunctions;
  zipFunction: ZipFunction;
  listFunctions: ListFunctions;
}> {
  const main = "@netlify/zip-it-and-ship-it/dist/main.js";
  return importFirst(
    [`@netlify/build/node_modules/${main}`, `netlify-cli/node_modules/${main}`, main],
    "zip-it-and-ship-it",
  );
}

async function loadZipper(): Promise<ZipFunctions> {
  return (await loadZipItAndShipIt()).zipFunctions;
}

/** Zips one function (a source file or a bundle's folder) into `dest`, as a deploy does. */
export async function zipOneFunction(path: string, dest: string) {
  const { zipFunction } = await loadZipItAndShipIt();
  return zipFunction(path, dest, { basePath: ROOT, repositoryRoot: ROOT, config: await functionsConfig() });
}

/** The functions of `source` as the zipper reads their in-source configuration (routes, schedules). */
export async function listFunctionsOf(source: string): Promise<ListedFunction[]> {
  const { listFunctions } = await loadZipItAndShipIt();
  return listFunctions(source, { parseISC: true, config: await functionsConfig() });
}

/** netlify.toml's [functions] table in zip-it-and-ship-it's camelCase shape. */
async function functionsConfig(): Promise<Record<string, unknown>> {
  const { parse } = await importFirst<{ parse: (text: string) => unknown }>(
    ["@netlify/config/node_modules/smol-toml/dist/index.js", "smol-toml/dist/index.js"],
    "smol-toml",
  );
  const parsed = parse(await readFile(join(ROOT, "netlify.toml"), "utf8")) as {
    functions?: Record<string, unknown>;
  };
  const camel = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  // Top-level settings apply to every function ("*"); sub-tables would be per-function globs.
  const settings = Object.entries(parsed.functions ?? {}).filter(
    ([, value]) => typeof value !== "object" || Array.isArray(value),
  );
  return { "*": Object.fromEntries(settings.map(([key, value]) => [camel(key), value])) };
}

/** One entry of a zip, as its central directory describes it. */
export interface ZipEntry {
  name: string;
  /** Its uncompressed size. */
  bytes: number;
  folder: boolean;
  /** Its uncompressed bytes (stored or deflated entries). */
  data(): Buffer;
}

/** Every entry in a zip, from its central directory. */
export function zipEntries(zip: Buffer): ZipEntry[] {
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== 0x06054b50) end--;
  if (end < 0) throw new Error("Not a zip file");
  const count = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(offset) !== 0x02014b50) throw new Error("Corrupt zip central directory");
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const name = zip.toString("utf8", offset + 46, offset + 46 + nameLength);
    const mode = zip.readUInt32LE(offset + 38) >>> 16;
    const local = zip.readUInt32LE(offset + 42);
    const compressed = zip.readUInt32LE(offset + 20);
    const deflated = zip.readUInt16LE(offset + 10) !== 0;
    entries.push({
      name,
      bytes: zip.readUInt32LE(offset + 24),
      // A folder: named with a trailing slash, or marked as one in its Unix mode.
      folder: name.endsWith("/") || (mode & 0o170000) === 0o040000,
      data: () => {
        const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
        const stored = zip.subarray(start, start + compressed);
        return deflated ? inflateRawSync(stored) : stored;
      },
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The top-level package an entry belongs to, e.g. `sharp` or `@img/sharp-linux-x64`. */
function packageOf(entry: string): string | undefined {
  const parts = entry.split("/");
  const at = parts.lastIndexOf("node_modules");
  if (at < 0) return undefined;
  const name = parts[at + 1];
  if (!name) return undefined;
  return name.startsWith("@") ? `${name}/${parts[at + 2] ?? ""}` : name;
}

/**
 * Zips every function of `source` into `dest` as a deploy does; returns each zip's name and path.
 * Without `source`, the site's functions are bundled first, into a folder of their own under
 * .netlify (inside the project, so the zipper finds the packages left out of the bundles).
 */
export async function zipFunctionsInto(dest: string, source?: string): Promise<ZipResult[]> {
  const zipFunctions = await loadZipper();
  const zip = async (from: string) =>
    zipFunctions(from, dest, { basePath: ROOT, repositoryRoot: ROOT, config: await functionsConfig() });
  if (source) return zip(source);
  await mkdir(join(ROOT, ".netlify"), { recursive: true });
  const bundled = await mkdtemp(join(ROOT, ".netlify", "functions-measured-"));
  try {
    await buildFunctions({ outdir: bundled });
    return await zip(bundled);
  } finally {
    await rm(bundled, { recursive: true, force: true });
  }
}

/** Zips every function into a temporary folder and measures it; the folder is removed after. */
export async function buildFunctionBundles(): Promise<FunctionBundle[]> {
  const dest = await mkdtemp(join(tmpdir(), "function-bundles-"));
  try {
    const results = await zipFunctionsInto(join(dest, "zips"));
    const bundles: FunctionBundle[] = [];
    for (const result of results) {
      const zip = await readFile(result.path);
      const entries = zipEntries(zip);
      const byPackage = new Map<string, number>();
      for (const entry of entries) {
        const name = packageOf(entry.name);
        if (name) byPackage.set(name, (byPackage.get(name) ?? 0) + entry.bytes);
      }
      bundles.push({
        name: result.name,
        zippedBytes: zip.length,
        unzippedBytes: entries.reduce((sum, entry) => sum + entry.bytes, 0),
        packages: [...byPackage].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes),
      });
    }
    return bundles.sort((a, b) => a.name.localeCompare(b.name));
  } finally {
    await rm(dest, { recursive: true, force: true });
  }
}
