/**
 * The local migration runner (scripts/lib/migrations.ts) on a real PostgreSQL, with migration files
 * of the test's own in a temp folder: it records each file's SHA-256 as applied and refuses to go on
 * when an applied file was edited or removed since, applying nothing.
 */
import { createHash } from "node:crypto";
import { mkdtemp, rm, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterEach, beforeEach, expect, test } from "vitest";
import { applyMigrations } from "../../scripts/lib/migrations.ts";
import { createDatabase } from "./database.ts";

const FILES = {
  "0001_things.sql": "CREATE TABLE things (id integer PRIMARY KEY);\n",
  "0002_thing_names.sql": "ALTER TABLE things ADD COLUMN name text;\n",
};
/** A migration added after the others were applied: never applied while the runner refuses. */
const LATER = { name: "0003_thing_colours.sql", sql: "ALTER TABLE things ADD COLUMN colour text;\n" };

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

let database: Awaited<ReturnType<typeof createDatabase>>;
let directory: string;

beforeEach(async () => {
  database = await createDatabase();
  directory = await mkdtemp(join(tmpdir(), "migrations-test-"));
  for (const [name, sql] of Object.entries(FILES)) await writeFile(join(directory, name), sql);
});

afterEach(async () => {
  await database.drop();
  await rm(directory, { recursive: true, force: true });
});

async function query<Row>(text: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as Row[];
  } finally {
    await client.end();
  }
}

const recorded = () =>
  query<{ name: string; checksum: string | null }>(
    "SELECT name, checksum FROM local_migrations ORDER BY name",
  );
const columns = () =>
  query<{ column_name: string }>(
    "SELECT column_name FROM information_schema.columns WHERE table_name = 'things' ORDER BY ordinal_position",
  ).then((rows) => rows.map((row) => row.column_name));

test("applies each file once, in order, with the SHA-256 of its bytes; unchanged, a second run applies nothing", async () => {
  expect(await applyMigrations(database.url, directory)).toEqual(Object.keys(FILES));
  expect(await recorded()).toEqual(
    Object.entries(FILES).map(([name, sql]) => ({ name, checksum: sha256(sql) })),
  );
  expect(await columns()).toEqual(["id", "name"]);

  expect(await applyMigrations(database.url, directory)).toEqual([]);
  await writeFile(join(directory, LATER.name), LATER.sql);
  expect(await applyMigrations(database.url, directory)).toEqual([LATER.name]);
  expect((await recorded()).at(-1)).toEqual({ name: LATER.name, checksum: sha256(LATER.sql) });
});

test.each([
  ["its SQL edited", "ALTER TABLE things ADD COLUMN name text NOT NULL DEFAULT '';\n"],
  ["only a line added at the end", `${FILES["0002_thing_names.sql"]}\n`],
])("an applied file with %s stops the runner, naming it, before anything is applied", async (_, edited) => {
  await applyMigrations(database.url, directory);
  await writeFile(join(directory, "0002_thing_names.sql"), edited);
  await writeFile(join(directory, LATER.name), LATER.sql);

  const refused = applyMigrations(database.url, directory);
  await expect(refused).rejects.toThrow(/changed since they were applied: 0002_thing_names\.sql\)/);
  await expect(refused).rejects.toThrow(/An applied migration is never edited .*add a new migration instead/);
  expect((await recorded()).map((row) => row.name)).toEqual(Object.keys(FILES));
  expect(await columns()).toEqual(["id", "name"]);
});

test("an applied file that is gone stops the runner, naming it", async () => {
  await applyMigrations(database.url, directory);
  await unlink(join(directory, "0001_things.sql"));

  await expect(applyMigrations(database.url, directory)).rejects.toThrow(
    /missing from .*: 0001_things\.sql\).*never edited or removed/,
  );
});

test("a database from before the checksums gets the column, and each row the checksum of its file as it is now, once", async () => {
  // The list as the runner kept it before: names only.
  await query(
    "CREATE TABLE local_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
  );
  for (const [name, sql] of Object.entries(FILES)) {
    await query(sql);
    await query("INSERT INTO local_migrations (name) VALUES ($1)", [name]);
  }

  expect(await applyMigrations(database.url, directory)).toEqual([]);
  expect(await recorded()).toEqual(
    Object.entries(FILES).map(([name, sql]) => ({ name, checksum: sha256(sql) })),
  );

  // From then on an edit is refused like any other.
  await writeFile(join(directory, "0001_things.sql"), "CREATE TABLE things (id bigint PRIMARY KEY);\n");
  await expect(applyMigrations(database.url, directory)).rejects.toThrow(/0001_things\.sql/);
});
