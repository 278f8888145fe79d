/**
 * Applies the schema migrations of netlify/database/migrations/ to a local PostgreSQL (npm start,
 * the tests, the scripts). Deployed, Netlify applies the same files itself before a deploy is
 * published; this runner keeps its own list of what it applied (`local_migrations`), so it is never
 * run against the deployed database.
 *
 * Each migration runs in its own transaction; an advisory lock keeps two runners from applying the
 * same file at once. The list keeps each file's SHA-256 as applied: a file edited or removed since
 * stops the runner before it applies anything (docs/database.md, "Schema and migrations").
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
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

/** The SHA-256 of a migration file's bytes, in hex: what `local_migrations.checksum` holds. */
function migrationChecksum(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/**
 * Why the applied migrations no longer match their files (none when they do): a file whose bytes
 * differ from those applied, or an applied file that is gone. A row without a checksum matches.
 */
function appliedMismatches(
  applied: { name: string; checksum: string | null }[],
  directory: string,
): string[] {
  const missing = applied.filter((row) => !existsSync(join(directory, row.name))).map((row) => row.name);
  const changed = applied
    .filter((row) => row.checksum !== null && !missing.includes(row.name))
    .filter((row) => migrationChecksum(readFileSync(join(directory, row.name))) !== row.checksum)
    .map((row) => row.name);
  return [
    ...(changed.length ? [`changed since they were applied: ${changed.join(", ")}`] : []),
    ...(missing.length ? [`missing from ${directory}: ${missing.join(", ")}`] : []),
  ];
}

/**
 * Applies every migration not applied yet, in order; returns the names applied now. Throws, having
 * applied nothing, when an applied migration's file was edited or removed since.
 */
export async function applyMigrations(
  connectionString: string,
  directory = MIGRATIONS_DIR,
): Promise<string[]> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock(hashtext('local_migrations'))");
    await client.query(
      "CREATE TABLE IF NOT EXISTS local_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now(), checksum text)",
    );
    // A local database from before the checksums has the table without the column.
    await client.query("ALTER TABLE local_migrations ADD COLUMN IF NOT EXISTS checksum text");
    const { rows } = await client.query<{ name: string; checksum: string | null }>(
      "SELECT name, checksum FROM local_migrations ORDER BY name",
    );
    const problems = appliedMismatches(rows, directory);
    if (problems.length) {
      throw new Error(
        `Applied migrations no longer match their files (${problems.join("; ")}). An applied migration is never edited or removed: put the file back as it was applied (git has it) and add a new migration instead. Nothing was applied.`,
      );
    }
    // Rows from before the checksums: the file as it is now is taken as the one applied, once;
    // from then on an edit to it is refused like any other.
    for (const row of rows.filter((row) => row.checksum === null)) {
      await client.query("UPDATE local_migrations SET checksum = $2 WHERE name = $1 AND checksum IS NULL", [
        row.name,
        migrationChecksum(readFileSync(join(directory, row.name))),
      ]);
    }
    const applied = new Set(rows.map((row) => row.name));
    const now: string[] = [];
    for (const name of migrationFiles(directory)) {
      if (applied.has(name)) continue;
      const bytes = readFileSync(join(directory, name));
      await client.query("BEGIN");
      try {
        await client.query(bytes.toString("utf8"));
        await client.query("INSERT INTO local_migrations (name, checksum) VALUES ($1, $2)", [
          name,
          migrationChecksum(bytes),
        ]);
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
