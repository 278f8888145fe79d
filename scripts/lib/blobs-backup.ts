/**
 * Backup and restore of the owner's data (docs/backups.md, docs/security.md): the database's tables
 * (scripts/lib/database-backup.ts) and the Blobs stores that hold bytes (scripts/lib/backup-scope.ts),
 * for scripts/backup.ts, scripts/restore.ts and scripts/backup-prune.ts.
 *
 * A restore never writes back a row or an entry that belongs to an erased lead (one with a
 * tombstone, in the target or in the backup), refuses a backup older than BACKUP_RETENTION_DAYS (its
 * erasures may be forgotten by now), refuses a manifest whose files lie outside the backup folder or
 * that names a store or table it does not know, checks every file's SHA-256 before writing anything,
 * and records itself in the activity log.
 *
 * A backup is a folder:
 *   manifest.json                  what was backed up, from where, and every file's SHA-256
 *   database/<table>.jsonl         a table's rows, one JSON object a line, in primary-key order
 *   stores/<store>/<n>.data        a Blobs entry's bytes, exactly as stored
 *   stores/<store>/<n>.meta.json   its metadata (JSON)
 * Blobs files are numbered rather than named after keys, so any key is safe on any file system; the
 * manifest maps them back. Backups of format 1 (before the database) hold Blobs only.
 */
import { createHash } from "node:crypto";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import { BACKUP_RETENTION_DAYS } from "../../src/lib/backups.ts";
import { entryKeys, readEntry, storeNames, writeEntry, type BlobsTarget } from "./backup-store.ts";
import {
  ERASURE_EXEMPT_STORES,
  isBackedUpKey,
  isBackedUpStore,
  isLeftOutStore,
  isLegacyStore,
  KEYS_FROM_ROWS,
  LEFT_OUT_STORES,
  LEGACY_STORES,
  TOMBSTONE_TABLE,
} from "./backup-scope.ts";
import {
  dumpDatabase,
  erasedLeadIdsInFile,
  existingLeadIds,
  loadDatabase,
  prepareDatabaseRestore,
  readRows,
  TABLE_NAME,
  type FileSum,
  type TableManifest,
  type TableRestore,
} from "./database-backup.ts";
import { ATTACHMENT_STORE } from "../../netlify/lib/quote/attachment-store.ts";

export const MANIFEST = "manifest.json";
/** 2: the database and the Blobs bytes; 1: Blobs only (before the database), still restorable. */
const FORMAT = 2;
const FORMATS = [1, 2];

/** The legacy tombstone store of format-1 backups: `erased/{yyyy-mm}/{id}`. */
const LEGACY_TOMBSTONE_STORE = "erased-leads";
const idOfTombstoneKey = (key: string) => key.slice(key.lastIndexOf("/") + 1);

/** Where a backup reads from and a restore writes to: a site's Blobs and its database. */
export interface BackupTarget {
  blobs: BlobsTarget;
  database: { url: string; description: string };
}

export interface ManifestEntry {
  key: string;
  data: FileSum;
  metadata: FileSum;
}

export interface Manifest {
  format: number;
  createdAt: string;
  source: string;
  stores: { name: string; entries: ManifestEntry[] }[];
  /** The database's tables (format 2). */
  database?: { source: string; tables: TableManifest[] };
}

/** Called after each entry or table: done so far, in all, the store or table being worked on. */
export type Progress = (done: number, total: number, store: string) => void;

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** JSON with object keys sorted, so equal metadata always serialises the same. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

function writeFileWithSum(dir: string, file: string, bytes: Uint8Array): FileSum {
  writeFileSync(join(dir, file), bytes);
  return { file, size: bytes.byteLength, sha256: sha256(bytes) };
}

/** `backups/2026-11-23T14-05-09Z`: sortable, and valid on every file system. */
export function defaultBackupDir(now = new Date()): string {
  return join(
    "backups",
    now
      .toISOString()
      .replace(/\.\d+Z$/, "Z")
      .replaceAll(":", "-"),
  );
}

/** The stores of `target` a backup takes, and those it leaves out (with why, for the message). */
export async function backupScope(target: BlobsTarget): Promise<{ stores: string[]; leftOut: string[] }> {
  const names = await storeNames(target);
  return {
    stores: names.filter(isBackedUpStore),
    leftOut: names.filter((name) => !isBackedUpStore(name)),
  };
}

/** Why a store is not in a backup, in words. */
export const leftOutReason = (name: string) =>
  LEFT_OUT_STORES[name] ??
  LEGACY_STORES[name] ??
  "not a store this site knows (add it to scripts/lib/backup-scope.ts)";

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** Whether an entry belongs to an erased lead: its key or its bytes name one. */
function mentionsErased(key: string, data: Uint8Array, erased: ReadonlySet<string>): boolean {
  if (erased.size === 0) return false;
  for (const text of [key, Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString("latin1")]) {
    for (const match of text.matchAll(UUID)) if (erased.has(match[0])) return true;
  }
  return false;
}

/** The keys of backed-up store `store` that the rows of the backup's table files name, sorted. */
function keysNamedByRows(outDir: string, tables: readonly TableManifest[], store: string): string[] {
  const source = KEYS_FROM_ROWS[store];
  if (!source) throw new Error(`No table names the keys of store ${store} (scripts/lib/backup-scope.ts)`);
  const table = tables.find((candidate) => candidate.name === source.table);
  if (!table) throw new Error(`The backup has no table ${source.table} for store ${store}`);
  const keys = new Set<string>();
  for (const { row } of readRows(join(outDir, table.file.file)))
    for (const key of source.keys(row)) if (isBackedUpKey(store, key)) keys.add(key);
  return [...keys].sort();
}

/**
 * Writes the database's tables and the Blobs entries they name into `outDir` (new or empty). The
 * tables come from one snapshot, taken first: a lead's attachments are written before its row, and
 * an image before its gallery item, so every row's files are in the Blobs read after it. The keys
 * come from those rows (KEYS_FROM_ROWS), never from a listing. A key the rows name that is gone
 * (a copy an image too narrow never had, a file deleted after the snapshot) is skipped. Files of
 * erased leads (their bytes outliving the erasure) are left out.
 */
export async function backup(target: BackupTarget, outDir: string, progress?: Progress): Promise<Manifest> {
  if (existsSync(outDir) && readdirSync(outDir).length > 0) {
    throw new Error(`${outDir} is not empty: choose a new folder for the backup`);
  }
  mkdirSync(outDir, { recursive: true });
  const createdAt = new Date().toISOString();
  const { tables, erased } = await dumpDatabase(target.database.url, outDir, progress);

  const { stores: names } = await backupScope(target.blobs);
  const keysByStore = new Map<string, string[]>();
  for (const name of names) keysByStore.set(name, keysNamedByRows(outDir, tables, name));
  const total = [...keysByStore.values()].reduce((sum, keys) => sum + keys.length, 0);

  const manifest: Manifest = {
    format: FORMAT,
    createdAt,
    source: `${target.blobs.description}; ${target.database.description}`,
    stores: [],
    database: { source: target.database.description, tables },
  };
  let done = 0;
  for (const [name, keys] of keysByStore) {
    const folder = join("stores", encodeURIComponent(name));
    mkdirSync(join(outDir, folder), { recursive: true });
    const entries: ManifestEntry[] = [];
    for (const [index, key] of keys.entries()) {
      const entry = await readEntry(target.blobs, name, key);
      // Gone (never stored, or deleted after the snapshot): not part of this backup. Erased: never in one.
      if (entry && !mentionsErased(entry.key, entry.data, erased)) {
        const base = join(folder, String(index + 1).padStart(6, "0"));
        entries.push({
          key,
          data: writeFileWithSum(outDir, `${base}.data`, entry.data),
          metadata: writeFileWithSum(
            outDir,
            `${base}.meta.json`,
            new TextEncoder().encode(canonicalJson(entry.metadata)),
          ),
        });
      }
      done += 1;
      progress?.(done, total, name);
    }
    manifest.stores.push({ name, entries });
  }
  writeFileSync(join(outDir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/**
 * Quote records still in the Blobs layout of before the database that the database has neither as
 * a lead nor as a tombstone: `npm run import:blob-records` has not copied them yet.
 */
export async function unimportedLegacyRecords(target: BackupTarget): Promise<string[]> {
  if (!(await storeNames(target.blobs)).includes(ATTACHMENT_STORE)) return [];
  const ids = (await entryKeys(target.blobs, ATTACHMENT_STORE, "submissions/")).map((key) =>
    key.slice("submissions/".length),
  );
  const known = await existingLeadIds(target.database.url, ids);
  return ids.filter((id) => !known.has(id));
}

/** The manifest of `dir`, its shape checked (not yet its files). */
function readManifest(dir: string): Manifest {
  const manifestPath = join(dir, MANIFEST);
  if (!existsSync(manifestPath)) throw new Error(`${dir} has no ${MANIFEST}: not a backup folder`);
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;
  const sumOk = (sum: unknown) =>
    typeof sum === "object" &&
    sum !== null &&
    typeof (sum as FileSum).file === "string" &&
    typeof (sum as FileSum).size === "number" &&
    typeof (sum as FileSum).sha256 === "string";
  const wellFormed =
    FORMATS.includes(manifest.format) &&
    typeof manifest.createdAt === "string" &&
    Array.isArray(manifest.stores) &&
    manifest.stores.every(
      (store) =>
        typeof store?.name === "string" &&
        Array.isArray(store.entries) &&
        store.entries.every(
          (entry) => typeof entry?.key === "string" && sumOk(entry.data) && sumOk(entry.metadata),
        ),
    ) &&
    (manifest.database === undefined ||
      (Array.isArray(manifest.database.tables) &&
        manifest.database.tables.every(
          (table) =>
            typeof table?.name === "string" &&
            Array.isArray(table.primaryKey) &&
            typeof table.rows === "number" &&
            sumOk(table.file),
        )));
  if (!wellFormed)
    throw new Error(`${manifestPath} is not a backup manifest (format ${FORMATS.join(" or ")})`);
  return manifest;
}

/**
 * A manifest's file as a path inside `dir`, or null when it would lead outside it: an absolute path,
 * `..`, or a link that points elsewhere.
 */
function fileInside(dir: string, file: string): string | null {
  const root = realpathSync(dir);
  const path = resolve(root, file);
  if (isAbsolute(file) || relative(root, path).startsWith("..") || !path.startsWith(root + sep)) return null;
  if (!existsSync(path)) return path;
  if (lstatSync(path).isSymbolicLink() || !realpathSync(path).startsWith(root + sep)) return null;
  return path;
}

/**
 * Reads `dir`'s manifest and checks it whole before anything is written: every store is one the site
 * backs up or knowingly leaves out, every file lies inside `dir` and matches its size and SHA-256.
 * Throws on any problem.
 */
export function verifyBackup(dir: string): Manifest {
  const manifest = readManifest(dir);
  const unknown = manifest.stores
    .map((store) => store.name)
    .filter((name) => !isBackedUpStore(name) && !isLeftOutStore(name) && !isLegacyStore(name));
  if (unknown.length > 0) {
    throw new Error(
      `The backup in ${dir} names stores this site does not have (${unknown.join(", ")}); nothing was restored`,
    );
  }
  const tables = manifest.database?.tables ?? [];
  const badTables = tables.map((table) => table.name).filter((name) => !TABLE_NAME.test(name));
  if (badTables.length > 0) {
    throw new Error(
      `The backup in ${dir} names tables that are not table names (${badTables.join(", ")}); nothing was restored`,
    );
  }
  const sums = [
    ...tables.map((table) => table.file),
    ...manifest.stores.flatMap((store) => store.entries.flatMap((entry) => [entry.data, entry.metadata])),
  ];
  const outside = sums.map((sum) => sum.file).filter((file) => fileInside(dir, file) === null);
  if (outside.length > 0) {
    throw new Error(
      `The manifest of ${dir} points outside the backup folder; nothing was restored:\n  ${outside.join("\n  ")}`,
    );
  }
  const problems: string[] = [];
  for (const sum of sums) {
    const path = fileInside(dir, sum.file)!;
    if (!existsSync(path)) {
      problems.push(`${sum.file} is missing`);
      continue;
    }
    const bytes = readFileSync(path);
    if (bytes.byteLength !== sum.size || sha256(bytes) !== sum.sha256) {
      problems.push(`${sum.file} does not match its SHA-256 in the manifest`);
    }
  }
  if (problems.length > 0) {
    throw new Error(`The backup in ${dir} is damaged; nothing was restored:\n  ${problems.join("\n  ")}`);
  }
  return manifest;
}

export interface RestoreResult {
  /** Blobs entries written (absent from the target, or overwritten with `force`). */
  written: number;
  /** Blobs entries already identical in the target (bytes and metadata). */
  unchanged: number;
  /** Blobs entries that differ in the target and were left alone (never with `force`). */
  kept: { store: string; key: string }[];
  /** Blobs entries of erased leads (tombstoned), never written back. */
  erased: number;
  /** Stores in the backup that a restore never writes (sessions, throttles… in older backups). */
  leftOut: string[];
  /** What happened to each table's rows. */
  tables: TableRestore[];
}

/** Lead ids with a tombstone in the target (database, and a legacy store) or in the backup itself. */
async function erasedIds(target: BackupTarget, dir: string, manifest: Manifest, inDatabase: Set<string>) {
  const ids = new Set(inDatabase);
  for (const table of manifest.database?.tables ?? []) {
    if (table.name === TOMBSTONE_TABLE)
      for (const id of erasedLeadIdsInFile(fileInside(dir, table.file.file)!)) ids.add(id);
  }
  if ((await storeNames(target.blobs)).includes(LEGACY_TOMBSTONE_STORE))
    for (const key of await entryKeys(target.blobs, LEGACY_TOMBSTONE_STORE)) ids.add(idOfTombstoneKey(key));
  for (const store of manifest.stores) {
    if (store.name === LEGACY_TOMBSTONE_STORE)
      for (const entry of store.entries) ids.add(idOfTombstoneKey(entry.key));
  }
  return ids;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A backup's age in days at `now`, from its manifest. */
export function backupAgeDays(manifest: Pick<Manifest, "createdAt">, now = Date.now()): number {
  return (now - Date.parse(manifest.createdAt)) / DAY_MS;
}

/**
 * Puts the backup in `dir` back into `target`. The backup is verified whole (paths, stores, tables,
 * sums, age, the database's schema) before anything is written. Blobs first, then the tables in
 * one transaction with the activity log's `restore` event.
 *
 * Blobs: an entry missing from the target is written; one that is identical is left as it is; one
 * that differs was changed after the backup (newer) and is kept unless `force`. Rows: see
 * loadDatabase (database-backup.ts): a missing row is inserted, a row in another state is the
 * database's newer one, and `force` overwrites only a lead whose backup version is higher. Nothing the
 * backup does not have is touched, nor anything of an erased lead, nor the stores a backup leaves out.
 */
export async function restore(
  target: BackupTarget,
  dir: string,
  options: { force?: boolean; progress?: Progress; now?: number } = {},
): Promise<RestoreResult> {
  const manifest = verifyBackup(dir);
  const now = options.now ?? Date.now();
  const age = backupAgeDays(manifest, now);
  if (!(age <= BACKUP_RETENTION_DAYS)) {
    throw new Error(
      `The backup in ${dir} is ${Math.floor(age)} days old, older than the ${BACKUP_RETENTION_DAYS} days backups are kept: it may hold leads erased since, whose erasure is no longer remembered. Nothing was restored.`,
    );
  }
  const tables = manifest.database?.tables ?? [];
  const inDatabase = await prepareDatabaseRestore(target.database.url, dir, tables);
  const erased = await erasedIds(target, dir, manifest, inDatabase);
  const restorable = manifest.stores.filter((store) => !isLeftOutStore(store.name));
  const total = restorable.reduce((sum, store) => sum + store.entries.length, 0);
  const result: RestoreResult = {
    written: 0,
    unchanged: 0,
    kept: [],
    erased: 0,
    leftOut: manifest.stores.map((store) => store.name).filter(isLeftOutStore),
    tables: [],
  };
  let done = 0;
  for (const store of restorable) {
    for (const entry of store.entries) {
      const data = new Uint8Array(readFileSync(fileInside(dir, entry.data.file)!));
      const metadata = JSON.parse(readFileSync(fileInside(dir, entry.metadata.file)!, "utf8")) as Record<
        string,
        unknown
      >;
      // Tombstones and the activity log hold lead ids and nothing personal: they are always restored.
      const personal = !ERASURE_EXEMPT_STORES.includes(store.name);
      if (personal && mentionsErased(entry.key, data, erased)) {
        result.erased += 1;
      } else {
        const current = await readEntry(target.blobs, store.name, entry.key);
        const identical =
          current !== null &&
          sha256(current.data) === entry.data.sha256 &&
          canonicalJson(current.metadata) === canonicalJson(metadata);
        if (identical) {
          result.unchanged += 1;
        } else if (current === null || options.force) {
          await writeEntry(target.blobs, store.name, { key: entry.key, data, metadata });
          result.written += 1;
        } else {
          result.kept.push({ store: store.name, key: entry.key });
        }
      }
      done += 1;
      options.progress?.(done, total, store.name);
    }
  }
  result.tables = await loadDatabase(target.database.url, dir, tables, {
    erased,
    force: options.force ?? false,
    now,
    blobsWritten: result.written,
  });
  return result;
}

export interface PruneResult {
  deleted: string[];
  kept: string[];
}

/**
 * Deletes the backups in `parent` (folders holding a manifest) made more than BACKUP_RETENTION_DAYS
 * before `now`. Folders without a readable manifest are never touched.
 */
export function pruneBackups(parent: string, options: { now?: number; dryRun?: boolean } = {}): PruneResult {
  const now = options.now ?? Date.now();
  const result: PruneResult = { deleted: [], kept: [] };
  if (!existsSync(parent)) return result;
  for (const name of readdirSync(parent).sort()) {
    const dir = join(parent, name);
    if (!lstatSync(dir).isDirectory()) continue;
    let manifest: Manifest;
    try {
      manifest = readManifest(dir);
    } catch {
      continue;
    }
    if (backupAgeDays(manifest, now) > BACKUP_RETENTION_DAYS) {
      if (!options.dryRun) rmSync(dir, { recursive: true, force: true });
      result.deleted.push(dir);
    } else {
      result.kept.push(dir);
    }
  }
  return result;
}
