import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { expect, test } from "vitest";
import { BACKED_UP_STORES, LEFT_OUT_STORES } from "../../scripts/lib/backup-scope.ts";

const ROOT = join(import.meta.dirname, "..", "..");

/** Every Blobs store name the site's code opens: the string constants its store modules name it by. */
function storeNamesInCode(): Map<string, string> {
  const names = new Map<string, string>();
  const dir = join(ROOT, "netlify", "lib");
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".ts")) continue;
    const path = join(entry.parentPath, entry.name);
    const text = readFileSync(path, "utf8");
    if (!text.includes("openStore(")) continue;
    for (const match of text.matchAll(/const [A-Z_]*STORE[A-Z_]* = "([a-z0-9-]+)"/g)) {
      names.set(match[1]!, relative(ROOT, path));
    }
  }
  return names;
}

test("every store the code opens is either backed up or knowingly left out, never both", () => {
  const names = storeNamesInCode();
  expect(names.size).toBeGreaterThanOrEqual(10);
  const classified = new Set([...BACKED_UP_STORES, ...Object.keys(LEFT_OUT_STORES)]);
  for (const [name, file] of names) {
    expect(classified.has(name), `${name} (${file}) is in neither list of scripts/lib/backup-scope.ts`).toBe(
      true,
    );
  }
  for (const name of BACKED_UP_STORES) expect(Object.keys(LEFT_OUT_STORES)).not.toContain(name);
  for (const name of ["admin-sessions", "admin-login-throttle", "abuse-limits", "quote-uploads"]) {
    expect(Object.keys(LEFT_OUT_STORES)).toContain(name);
  }
});
