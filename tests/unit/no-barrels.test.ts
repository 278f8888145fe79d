import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");

/** `export … from "…"` in any form, and `export { a }` of a name the file imported. */
const EXPORT_FROM = /^\s*export\s+(?:type\s+)?(?:\*(?:\s+as\s+\w+)?|\{[^}]*\})\s*from\s*["']/m;
const LOCAL_EXPORT_LIST = /^\s*export\s+(?:type\s+)?\{([^}]*)\}\s*;?\s*$/gm;
const IMPORTED_NAMES = /^\s*import\s+(?:type\s+)?([^"';]*?)\s+from\s*["']/gm;

function importedNames(source: string): Set<string> {
  const names = new Set<string>();
  for (const [, clause] of source.matchAll(IMPORTED_NAMES)) {
    for (const name of (clause ?? "").replace(/[{}*]/g, " ").split(/[\s,]+/)) {
      if (name && !["type", "as"].includes(name)) names.add(name);
    }
  }
  return names;
}

/** Offending lines of one file: re-exports that make it a barrel. */
function reExports(source: string): string[] {
  const found = source.match(EXPORT_FROM) ? [source.match(EXPORT_FROM)![0].trim()] : [];
  const imported = importedNames(source);
  for (const [statement, list] of source.matchAll(LOCAL_EXPORT_LIST)) {
    const names = (list ?? "").split(",").map(
      (part) =>
        part
          .trim()
          .replace(/^type\s+/, "")
          .split(/\s+as\s+/)[0],
    );
    if (names.some((name) => name && imported.has(name))) found.push(statement.trim());
  }
  return found;
}

// Like Starlight's: each module is imported from where it lives, so the layout stays readable and
// no module grows into an index that pulls its neighbours into every bundle that needs one name.
it("no source file re-exports another module's names (no internal barrels)", () => {
  const files = execFileSync("git", ["ls-files", "*.ts", "*.tsx", "*.mts", "*.mjs", "*.astro"], {
    cwd: ROOT,
    encoding: "utf8",
  })
    .split("\n")
    .filter(Boolean);
  const barrels = files.flatMap((file) =>
    reExports(readFileSync(join(ROOT, file), "utf8")).map((line) => `${file}: ${line}`),
  );
  expect(barrels).toEqual([]);
});

it("recognises every re-export form and leaves own exports alone", () => {
  expect(reExports(`export * from "./a";`)).toHaveLength(1);
  expect(reExports(`export { a, type B } from "./a";`)).toHaveLength(1);
  expect(reExports(`import { a } from "./a";\nexport { a };`)).toEqual(["export { a };"]);
  expect(reExports(`import x from "./a";\nexport { x as y };`)).toHaveLength(1);
  expect(reExports(`const a = 1;\nexport { a };\nexport const b = 2;`)).toEqual([]);
});
