import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildFunctions,
  FILES_READ_BY,
  FUNCTION_SOURCES,
  ROOT,
  type BuiltFunction,
} from "../../scripts/lib/function-build";
import { listFunctionsOf, zipOneFunction, type ListedFunction } from "../../scripts/lib/function-bundles";

/**
 * One function of each shape: rate-limited, with methods, scheduled, several paths, traced (sharp),
 * and one that answers without a database (run in a test below).
 */
const SAMPLE = [
  "contact",
  "admin-gallery-item",
  "cleanup-uploads",
  "content-api-methods",
  "proposal-answer",
  "upload-image",
  "review-unsubscribe",
];

let outdir = "";
let built: BuiltFunction[] = [];
beforeAll(async () => {
  // A fresh clone has no .netlify folder yet.
  await mkdir(join(ROOT, ".netlify"), { recursive: true });
  outdir = await mkdtemp(join(ROOT, ".netlify", "functions-test-"));
  built = await buildFunctions({ outdir, only: SAMPLE });
}, 120_000);
afterAll(async () => {
  if (outdir) await rm(outdir, { recursive: true, force: true });
});

const configOf = ({ name, runtimeAPIVersion, schedule, routes, trafficRules }: ListedFunction) => ({
  name,
  runtimeAPIVersion,
  schedule,
  routes,
  trafficRules,
});

describe("the functions' bundles", () => {
  it("declare to Netlify the same routes, methods, schedules and rate limits as their sources", async () => {
    const sources = (await listFunctionsOf(FUNCTION_SOURCES)).filter((f) => SAMPLE.includes(f.name));
    const bundles = await listFunctionsOf(outdir);
    expect(bundles.map(configOf).sort((a, b) => a.name.localeCompare(b.name))).toEqual(
      sources.map(configOf).sort((a, b) => a.name.localeCompare(b.name)),
    );
    expect(sources.find((f) => f.name === "cleanup-uploads")?.schedule).toBeTruthy();
  });

  it("keep the quote form's rate limit and streaming answer when zipped", async () => {
    const dest = join(outdir, "zips");
    const source = await zipOneFunction(join(FUNCTION_SOURCES, "contact.mts"), dest);
    const bundle = await zipOneFunction(join(outdir, "contact"), dest);
    expect(source.trafficRules).toBeTruthy();
    expect(bundle.trafficRules).toEqual(source.trafficRules);
    expect(bundle.invocationMode).toBe(source.invocationMode);
  }, 60_000);

  it("are one main file and the chunks of their rare paths, zipped as they are with the files they read", async () => {
    const contact = built.find((f) => f.name === "contact")!;
    expect(contact.traced).toBe(false);
    const main = await readFile(join(outdir, "contact", "contact.mjs"), "utf8");
    expect(main).toContain('nodeBundler:"none"');
    expect(main).toContain('"../../../content/business.yaml"');
    // The e-mail templates are a chunk, loaded after the answer.
    expect(
      readdirSync(join(outdir, "contact", "chunks")).some((file) => file.startsWith("quote-emails-")),
    ).toBe(true);
    // No PDF is drawn here, so no font ships with it.
    expect(contact.includedFiles.some((file) => file.endsWith(".woff"))).toBe(false);
    expect(contact.startsWith.some((p) => p.from === "@cantoo/pdf-lib" || p.from === "react-dom")).toBe(
      false,
    );
  });

  it("run: a bundle answers, reading the business details with the YAML parser it loads on first use", () => {
    // In a Node process of its own, as the platform runs it (not through the test runner's loader).
    const script = `const { default: handler } = await import(${JSON.stringify(
      pathToFileURL(join(outdir, "review-unsubscribe", "review-unsubscribe.mjs")).href,
    )});
const response = await handler(new Request("http://localhost/review-emails/stop?lead=x&token=y"));
console.log(JSON.stringify({ status: response.status, body: await response.text() }));`;
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
      cwd: ROOT,
      encoding: "utf8",
    });
    expect(run.stderr).toBe("");
    const { status, body } = JSON.parse(run.stdout) as { status: number; body: string };
    const business = /^\s+name: "?([^"\n]+)"?$/m.exec(
      readFileSync(join(ROOT, "content", "business.yaml"), "utf8"),
    )?.[1];
    expect(business).toBeTruthy();
    expect(status).toBe(404);
    expect(body).toContain(business!.replaceAll("&", "&#38;"));
  });

  it("give a CommonJS package loaded on first use its named exports (nodemailer's createTransport)", async () => {
    const chunks = join(outdir, "contact", "chunks");
    const nodemailer = readdirSync(chunks).find((file) => file.startsWith("nodemailer-"));
    expect(nodemailer).toBeTruthy();
    const chunk = (await import(pathToFileURL(join(chunks, nodemailer!)).href)) as {
      createTransport?: unknown;
    };
    expect(typeof chunk.createTransport).toBe("function");
  });

  it("leave sharp to the platform's file tracer, in the one function that processes images", () => {
    expect(built.filter((f) => f.traced).map((f) => f.name)).toEqual(["upload-image"]);
  });
});

describe("files the functions read at run time", () => {
  const modules = (dir: string): string[] =>
    readdirSync(dir).flatMap((entry) => {
      const path = join(dir, entry);
      return statSync(path).isDirectory() ? modules(path) : /\.tsx?$/.test(entry) ? [path] : [];
    });

  it("are named for every module that reads one (FILES_READ_BY), and exist", () => {
    const readers = modules(join(ROOT, "netlify", "lib"))
      .filter((path) => !path.endsWith("shipped-file.ts"))
      .filter((path) => /\bshippedFile\b/.test(readFileSync(path, "utf8")))
      .map((path) => path.slice(ROOT.length + 1))
      .sort();
    expect(Object.keys(FILES_READ_BY).sort()).toEqual(readers);
    for (const files of Object.values(FILES_READ_BY))
      for (const file of files.filter((f) => !f.includes("*")))
        expect(statSync(join(ROOT, file)).isFile()).toBe(true);
  });
});
