/**
 * Bundles each function of netlify/functions into one file with esbuild, as `npm run build` does
 * before Netlify zips them (docs/functions.md). Each function is built on its own: its main file
 * holds what every call needs, and each `await import()` of a rare path (the PDF writer, the e-mail
 * templates, Stripe) becomes a chunk beside it, loaded only when that path runs. Packages are bundled
 * in, minified, so a cold start reads one file instead of hundreds of modules.
 *
 * The bundle's in-source `config` tells Netlify's zipper to take it as it is, with its chunks and the
 * files the function reads at run time (content it parses, the PDF fonts): only those its own code
 * can reach.
 */
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { createRequire, isBuiltin } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { dirname, join, relative } from "node:path";
import { build, type Metafile, type Plugin } from "esbuild";

export const ROOT = join(import.meta.dirname, "..", "..");
/** The functions as written. */
export const FUNCTION_SOURCES = join(ROOT, "netlify", "functions");
/** The bundles, one folder per function: what netlify.toml's `functions` names. */
export const BUNDLED_FUNCTIONS = join(ROOT, ".netlify", "functions-bundled");

/** Packages left out of the bundle because they load a native binary, shipped as installed. */
const NATIVE_PACKAGES = ["sharp"];
/**
 * Optional packages that bundled code asks for inside a try (pg's native driver, ws's speed-ups):
 * never installed, so left out and never shipped.
 */
const OPTIONAL_PACKAGES = ["pg-native", "bufferutil", "utf-8-validate"];

/**
 * The files a module reads at run time (through netlify/lib/shipped-file.ts), shipped with every
 * function whose bundle holds that module. tests/unit/function-build.test.ts checks that every
 * module reading a shipped file is listed here.
 */
export const FILES_READ_BY: Record<string, readonly string[]> = {
  "netlify/lib/business.ts": ["content/business.yaml"],
  "netlify/lib/price-guide/guide-content.ts": ["content/price-guide.yaml"],
  "netlify/lib/visits/visit-content.ts": [
    "content/visits.yaml",
    "content/areas.yaml",
    "content/towns/*.yaml",
  ],
  "netlify/lib/pdf/pdf-writer.ts": ["latin-400", "latin-700", "latin-ext-400", "latin-ext-700"].map(
    (face) => `node_modules/@fontsource/noto-sans/files/noto-sans-${face}-normal.woff`,
  ),
};

// The bundle is ESM; packages written as CommonJS still call require() for Node's built-ins.
const REQUIRE_SHIM =
  'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);';

export interface BuiltFunction {
  name: string;
  /** The project's files and packages in the bundle, main file and chunks alike. */
  inputs: string[];
  /** Files shipped beside the bundle (FILES_READ_BY). */
  includedFiles: string[];
  /** Zipped by the platform's file tracer (it imports a package left out of the bundle). */
  traced: boolean;
  /**
   * What a cold start loads: the bytes of the main file and the chunks it imports statically, by
   * package (or by folder of the project), largest first.
   */
  startsWith: { from: string; bytes: number }[];
}

/** The bytes a cold start loads, by package or project folder (see BuiltFunction.startsWith). */
function loadedAtStart(metafile: Metafile, main: string): { from: string; bytes: number }[] {
  const outputs = metafile.outputs;
  const key = Object.keys(outputs).find((output) => join(ROOT, output) === main);
  if (!key) throw new Error(`${main} is not in the build's outputs`);
  const seen = new Set<string>();
  const stack = [key];
  while (stack.length) {
    const output = stack.pop()!;
    if (seen.has(output)) continue;
    seen.add(output);
    for (const imported of outputs[output]!.imports)
      if (imported.kind === "import-statement" && !imported.external) stack.push(imported.path);
  }
  const bytes = new Map<string, number>();
  for (const output of seen)
    for (const [file, input] of Object.entries(outputs[output]!.inputs)) {
      const from = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1] ?? dirname(file);
      bytes.set(from, (bytes.get(from) ?? 0) + input.bytesInOutput);
    }
  return [...bytes].map(([from, size]) => ({ from, bytes: size })).sort((a, b) => b.bytes - a.bytes);
}

/** The function names in netlify/functions. */
export async function functionNames(): Promise<string[]> {
  return (await readdir(FUNCTION_SOURCES))
    .filter((file) => file.endsWith(".mts"))
    .map((file) => file.slice(0, -".mts".length))
    .sort();
}

const CONFIG_START = "export const config: Config = {";
/** Stands in the bundle's config for the files it reads, until the build knows them. */
const SHIPPED_FILES_MARK = "__files_read_at_run_time__";

/**
 * The function's source with its in-source `config` telling Netlify's zipper to take the bundle as
 * it is (`nodeBundler: "none"`) with its chunks and the files it reads (`includedFiles`, relative to
 * the bundle). The zipper reads both from the bundle, as it reads the route.
 */
function sourceForZipping(path: string, source: string): string {
  if (source.split(CONFIG_START).length !== 2)
    throw new Error(`${path} must declare \`${CONFIG_START}\` once`);
  return source.replace(
    CONFIG_START,
    `${CONFIG_START} nodeBundler: "none", includedFiles: ["chunks/*.mjs", "${SHIPPED_FILES_MARK}"],`,
  );
}

async function bundle(name: string, outdir: string, asIs: boolean): Promise<Metafile> {
  const entry = join(FUNCTION_SOURCES, `${name}.mts`);
  const result = await build({
    entryPoints: { [name]: entry },
    outdir: join(outdir, name),
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node22",
    minify: true,
    legalComments: "none",
    chunkNames: "chunks/[name]-[hash]",
    outExtension: { ".js": ".mjs" },
    external: [...NATIVE_PACKAGES, ...OPTIONAL_PACKAGES],
    banner: { js: REQUIRE_SHIM },
    metafile: true,
    logLevel: "warning",
    absWorkingDir: ROOT,
    plugins: [
      commonJsDynamicImports,
      ...(asIs
        ? [
            {
              name: "zip-as-is",
              setup(build) {
                build.onLoad({ filter: /[\\/]netlify[\\/]functions[\\/][^\\/]+\.mts$/ }, async (args) => ({
                  contents: sourceForZipping(args.path, await readFile(args.path, "utf8")),
                  loader: "ts",
                }));
              },
            } satisfies Plugin,
          ]
        : []),
    ],
  });
  return result.metafile;
}

/**
 * `await import("<package>")` of a CommonJS package (yaml, nodemailer): split into a chunk of its
 * own, esbuild gives that chunk a default export only, so `const { parse } = await import("yaml")`
 * would find nothing, where Node itself offers the named exports too. The import is pointed at a
 * small module that names each export the package has, read from the package at build time.
 */
const commonJsDynamicImports: Plugin = {
  name: "commonjs-dynamic-imports",
  setup(build) {
    const requireFromRoot = createRequire(join(ROOT, "package.json"));
    build.onResolve({ filter: /^[@a-z]/ }, (args) => {
      if (args.kind !== "dynamic-import" || args.namespace === "commonjs-named") return undefined;
      const entry = fileURLToPath(
        import.meta.resolve(args.path, pathToFileURL(join(ROOT, "package.json")).href),
      );
      return isCommonJs(entry) ? { path: args.path, namespace: "commonjs-named" } : undefined;
    });
    build.onLoad({ filter: /.*/, namespace: "commonjs-named" }, (args) => {
      const names = Object.keys(requireFromRoot(args.path) as object).filter(
        (name) => /^[A-Za-z_$][\w$]*$/.test(name) && name !== "default",
      );
      const from = JSON.stringify(args.path);
      return {
        contents: [
          `import commonJs from ${from};`,
          "export default commonJs;",
          ...names.map((name) => `export const ${name} = commonJs.${name};`),
        ].join("\n"),
        resolveDir: ROOT,
        loader: "js",
      };
    });
  },
};

/** Whether Node loads `file` as CommonJS: `.cjs`, or `.js` under a package that is not `type: module`. */
function isCommonJs(file: string): boolean {
  if (file.endsWith(".cjs")) return true;
  if (!file.endsWith(".js")) return false;
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
        type?: string;
        name?: string;
      };
      if (manifest.type !== undefined || manifest.name !== undefined) return manifest.type !== "module";
    } catch {
      // no package.json here: look further up
    }
  }
  return true;
}

/** Packages the bundle imports but does not hold, but for Node's own and the optional ones. */
const externalPackages = (metafile: Metafile) =>
  Object.values(metafile.outputs).flatMap((output) =>
    output.imports
      .filter((i) => i.external && !isBuiltin(i.path) && !OPTIONAL_PACKAGES.includes(i.path))
      .map((i) => i.path),
  );

async function buildOne(name: string, outdir: string): Promise<BuiltFunction> {
  let metafile = await bundle(name, outdir, true);
  // A bundle that imports a package left out of it (sharp) is traced by the platform's file tracer
  // instead, which finds that package and its native files.
  const traced = externalPackages(metafile).length > 0;
  if (traced) {
    await rm(join(outdir, name), { recursive: true, force: true });
    metafile = await bundle(name, outdir, false);
  }
  const inputs = Object.keys(metafile.inputs).sort();
  const includedFiles = [
    ...new Set(
      Object.entries(FILES_READ_BY).flatMap(([module, files]) => (inputs.includes(module) ? files : [])),
    ),
  ];
  const main = join(outdir, name, `${name}.mjs`);
  if (!traced) {
    const fromBundle = includedFiles.map((file) => JSON.stringify(relative(dirname(main), join(ROOT, file))));
    const code = await readFile(main, "utf8");
    if (code.split(`"${SHIPPED_FILES_MARK}"`).length !== 2)
      throw new Error(`${name}: the config's mark is not in the bundle once`);
    await writeFile(main, code.replace(`"${SHIPPED_FILES_MARK}"`, fromBundle.join(",")));
  } else if (includedFiles.length) {
    throw new Error(
      `${name} reads ${includedFiles.join(", ")} but is traced (it imports ${externalPackages(metafile).join(", ")}): ship them through netlify.toml`,
    );
  }
  return { name, inputs, includedFiles, traced, startsWith: loadedAtStart(metafile, main) };
}

/** Bundles every function (or those named) into `outdir`, emptied first. */
export async function buildFunctions({
  outdir = BUNDLED_FUNCTIONS,
  only,
}: { outdir?: string; only?: string[] } = {}): Promise<BuiltFunction[]> {
  await rm(outdir, { recursive: true, force: true });
  await mkdir(outdir, { recursive: true });
  const names = (await functionNames()).filter((name) => !only || only.includes(name));
  return Promise.all(names.map((name) => buildOne(name, outdir)));
}

/** A path relative to the project, for messages. */
export const fromRoot = (path: string) => relative(ROOT, path);
