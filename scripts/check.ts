/**
 * npm run check: the three static checks at once, as they share nothing and each keeps one core
 * busy: `astro check` (types, Astro files included), ESLint with types (no warnings allowed) and
 * Prettier. Each one's output is printed whole when it ends; the run fails if any of them fails.
 */
import { spawn } from "node:child_process";

const CHECKS: readonly (readonly string[])[] = [
  ["astro", "check"],
  ["eslint", ".", "--max-warnings", "0"],
  ["prettier", "--check", "."],
];

/** Runs one check, collecting what it prints; resolves with its exit code. */
function run([command, ...args]: readonly string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command!, args, { stdio: ["ignore", "pipe", "pipe"] });
    const output: Buffer[] = [];
    child.stdout.on("data", (part: Buffer) => output.push(part));
    child.stderr.on("data", (part: Buffer) => output.push(part));
    child.on("error", (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on("close", (code) => {
      const status = code === 0 ? "passed" : `failed (exit ${code ?? "signal"})`;
      process.stdout.write(
        `\n> ${[command, ...args].join(" ")}: ${status}\n${Buffer.concat(output).toString()}`,
      );
      resolve(code ?? 1);
    });
  });
}

const codes = await Promise.all(CHECKS.map(run));
if (codes.some((code) => code !== 0)) process.exitCode = 1;
