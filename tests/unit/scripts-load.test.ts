import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");

// npm scripts run with Node's own type stripping, not through Vite: every module they load must be
// plain erasable TypeScript with explicit `.ts` imports (no parameter properties, enums, namespaces).
it("every scripts/lib module loads under plain Node", () => {
  const modules = readdirSync(join(ROOT, "scripts/lib")).filter((file) => file.endsWith(".ts"));
  expect(modules).toContain("gallery-seed.ts");
  const imports = modules.map((file) => `await import(${JSON.stringify(`./scripts/lib/${file}`)});`).join("");
  const output = execFileSync(
    process.execPath,
    ["--input-type=module", "-e", `${imports}console.log("loaded")`],
    {
      cwd: ROOT,
      encoding: "utf8",
    },
  );
  expect(output.trim()).toBe("loaded");
});
