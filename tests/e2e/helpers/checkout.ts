/**
 * A throw-away copy of this checkout (every file git tracks or would track, node_modules linked),
 * so a test can change content/ and run the real build on it without touching the repository.
 */
import { spawnSync, execFileSync } from "node:child_process";
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";

export const ROOT = join(import.meta.dirname, "..", "..", "..");

export function copyCheckout(): string {
  const dir = mkdtempSync(join(tmpdir(), "checkout-"));
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: ROOT,
    encoding: "utf8",
  })
    .split("\0")
    .filter(Boolean);
  for (const file of files) {
    const from = join(ROOT, file);
    try {
      if (!statSync(from).isFile()) continue;
    } catch {
      continue; // deleted in the work tree, not yet in git
    }
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(from, join(dir, file));
  }
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"), "dir");
  return dir;
}

export function removeCheckout(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Every file under `folder` of the checkout, by path relative to the checkout ("content/faq/x.yaml"). */
export function readFolder(dir: string, folder: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (path: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const full = join(path, entry.name);
      if (entry.isDirectory()) walk(full);
      else files[relative(dir, full)] = readFileSync(full, "utf8");
    }
  };
  walk(join(dir, folder));
  return files;
}

/** Makes `folder` of the checkout hold exactly these files. */
export function replaceFolder(dir: string, folder: string, files: Record<string, string>): void {
  rmSync(join(dir, folder), { recursive: true, force: true });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

/** `astro build` in the checkout, as Netlify runs it: the exit status and everything it printed. */
export function buildCheckout(dir: string): { ok: boolean; output: string } {
  const result = spawnSync(join(dir, "node_modules", ".bin", "astro"), ["build"], {
    cwd: dir,
    encoding: "utf8",
    timeout: 150_000,
    env: { ...process.env, FORCE_COLOR: "0", NO_COLOR: "1" },
  });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}
