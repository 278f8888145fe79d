/**
 * Applies the schema migrations of netlify/database/migrations/ to a local PostgreSQL (npm start,
 * the tests, the scripts). Deployed, Netlify applies the same files itself before a deploy is
 * published; this runner keeps its own list of what it applied (`local_migrations`), so it is never
 * run against the deployed database.
 *
 * Each migration runs in its own transaction; an advisory lock keeps two runners from applying the
 * same file at once.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";

export const MIGRATIONS_DIR = join(import.meta.dirname, "..", "..", "netlify", "database", "migrations");

/** `<number>_<slug>.sql`, as Netlify Database expects them; sorted, they are in the order to apply. */
const MIGRATION_FILE = /^\d+_[a-z0-9_-]+\.sql$/;

export function migrationFiles(directory = MIGRATIONS_DIR): string[] {
  const names = readdirSync(directory).filter((name) => name.endsWith(".sql"));
  const misnamed = names.filter((name) => !MIGRATION_FILE.test(name));
  if (misnamed.length)
    throw new Error(`Migration files must be named <number>_<slug>.sql: ${misnamed.join(", ")}`);
  return names.sort();
}

/** Applies every migration not applied yet, in order; returns the names applied now. */
export async function applyMigrations(
  connectionString: string,
  directory = MIGRATIONS_DIR,
): Promise<string[]> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock(hashtext('local_migrations'))");
    await client.query(
      "CREATE TABLE IF NOT EXISTS local_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
    );
    const { rows } = await client.query<{ name: string }>("SELECT name FROM local_migrations");
    const applied = new Set(rows.map((row) => row.name));
    const now: string[] = [];
    for (const name of migrationFiles(directory)) {
      if (applied.has(name)) continue;
      await client.query("BEGIN");
      try {
        await client.query(readFileSync(join(directory, name), "utf8"));
        await client.query("INSERT INTO local_migrations (name) VALUES ($1)", [name]);
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw new Error(
          `Migration ${name} failed: ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        );
      }
      now.push(name);
    }
    return now;
  } finally {
    await client.end();
  }
}
