/**
 * Functions load zod/mini, never classic zod: classic zod cannot be tree-shaken and adds about 60 ms
 * to a function's cold start (an empty function starts in about 50 ms), zod/mini about 5 ms. As
 * rules on the source: no module a function loads imports "zod" (type-only imports aside, which
 * load nothing), and every module that builds a zod/mini schema imports src/lib/zod-locale.ts, so
 * its messages are zod's English ones whatever else the bundle holds.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");
const LOCALE = join(ROOT, "src/lib/zod-locale.ts");

const read = (file: string) => readFileSync(file, "utf8");

/** Every specifier a module loads at run time: its imports and `import()`s, `import type` aside. */
function runtimeSpecifiers(source: string): string[] {
  return [
    ...source.matchAll(/(?:^|\n)\s*import\s+(?!type\s)(?:[^;"']*?\s+from\s+)?["']([^"']+)["']/g),
    ...source.matchAll(/(?:^|\n)\s*export\s+(?!type\s)[^;"']*?\s+from\s+["']([^"']+)["']/g),
    ...source.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g),
  ].map((match) => match[1]!);
}

function resolveLocal(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, `${base}.mts`].find(
    (path) => existsSync(path) && path.includes("."),
  );
}

/** The project's modules a function loads, itself included. */
function loadedBy(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of runtimeSpecifiers(read(file))) {
      if (!specifier.startsWith(".")) continue;
      const found = resolveLocal(file, specifier);
      if (found) queue.push(found);
    }
  }
  return seen;
}

const functions = execFileSync("git", ["ls-files", "netlify/functions"], { cwd: ROOT, encoding: "utf8" })
  .split("\n")
  .filter((file) => /\.m?ts$/.test(file))
  .map((file) => join(ROOT, file));

it("no module a function loads imports classic zod", () => {
  expect(functions.length).toBeGreaterThan(40);
  const offenders = new Set<string>();
  for (const entry of functions) {
    for (const file of loadedBy(entry)) {
      if (
        runtimeSpecifiers(read(file)).some(
          (specifier) => specifier === "zod" || specifier.startsWith("zod/v4/classic"),
        )
      )
        offenders.add(`${relative(ROOT, file)} (loaded by ${relative(ROOT, entry)})`);
    }
  }
  expect([...offenders]).toEqual([]);
});

it("every module that builds a zod/mini schema imports zod's English messages", () => {
  const files = execFileSync("git", ["ls-files", "*.ts", "*.tsx", "*.mts"], { cwd: ROOT, encoding: "utf8" })
    .split("\n")
    .filter(Boolean)
    .map((file) => join(ROOT, file));
  const builders = files.filter(
    (file) => !file.includes("/tests/") && runtimeSpecifiers(read(file)).includes("zod/mini"),
  );
  expect(builders.length).toBeGreaterThan(5);
  const without = builders.filter(
    (file) =>
      file !== LOCALE &&
      !runtimeSpecifiers(read(file)).some((specifier) => resolveLocal(file, specifier) === LOCALE),
  );
  expect(without.map((file) => relative(ROOT, file))).toEqual([]);
});
