/**
 * Runs a command beside a throw-away local PostgreSQL (scripts/lib/local-database.ts) with every
 * migration applied, NETLIFY_DB_URL pointing at it: `node scripts/with-database.ts netlify serve …`.
 * The browser tests serve the site this way (on the port LOCAL_DB_PORT names, so the tests can
 * reach the same database); the database and its temp folder go when the command ends.
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startLocalDatabase } from "./lib/local-database.ts";

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("Usage: node scripts/with-database.ts <command> [arguments…]");
  process.exit(2);
}

const directory = await mkdtemp(join(tmpdir(), "records-"));
const port = process.env.LOCAL_DB_PORT ? Number(process.env.LOCAL_DB_PORT) : undefined;
const database = await startLocalDatabase({ directory, persistent: false, ...(port ? { port } : {}) });
const child = spawn(command, args, {
  stdio: "inherit",
  env: { ...process.env, NETLIFY_DB_URL: database.url },
});

let stopping = false;
async function stop(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    if (child.exitCode === null) child.kill("SIGTERM");
    await database.stop().catch(() => undefined);
    await rm(directory, { recursive: true, force: true });
  }
  process.exit(code);
}

child.on("exit", (code) => void stop(code ?? 0));
process.on("SIGINT", () => void stop(130));
process.on("SIGTERM", () => void stop(143));
