/**
 * Backup and restore of every Blobs store of a site (docs/backups.md), for scripts/backup.ts and
 * scripts/restore.ts.
 *
 * A backup is a folder:
 *   manifest.json                  what was backed up, from where, and every file's SHA-256
 *   stores/<store>/<n>.data        an entry's bytes, exactly as stored
 *   stores/<store>/<n>.meta.json   its metadata (JSON)
 * Files are numbered rather than named after keys, so any key is safe on any file system; the
 * manifest maps them back.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { entryKeys, readEntry, storeNames, writeEntry, type BlobsTarget } from "./backup-store.ts";

export const MANIFEST = "manifest.json";
const FORMAT = 1;

export interface FileSum {
  file: string;
  size: number;
  sha256: string;
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
}

/** Called after each entry: entries done so far, entries in all, the store being worked on. */
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

/** Writes every entry of every store of `target` into `outDir` (new or empty). */
export async function backup(target: BlobsTarget, outDir: string, progress?: Progress): Promise<Manifest> {
  if (existsSync(outDir) && readdirSync(outDir).length > 0) {
    throw new Error(`${outDir} is not empty: choose a new folder for the backup`);
  }
  const names = await storeNames(target);
  const keysByStore = new Map<string, string[]>();
  for (const name of names) keysByStore.set(name, await entryKeys(target, name));
  const total = [...keysByStore.values()].reduce((sum, keys) => sum + keys.length, 0);

  const manifest: Manifest = {
    format: FORMAT,
    createdAt: new Date().toISOString(),
    source: target.description,
    stores: [],
  };
  let done = 0;
  for (const [name, keys] of keysByStore) {
    const folder = join("stores", encodeURIComponent(name));
    mkdirSync(join(outDir, folder), { recursive: true });
    const entries: ManifestEntry[] = [];
    for (const [index, key] of keys.entries()) {
      const entry = await readEntry(target, name, key);
      // Deleted between the listing and the read: not part of this backup.
      if (entry) {
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

/** Reads `dir`'s manifest and checks every file against its size and SHA-256; throws on any difference. */
export function verifyBackup(dir: string): Manifest {
  const manifestPath = join(dir, MANIFEST);
  if (!existsSync(manifestPath)) throw new Error(`${dir} has no ${MANIFEST}: not a backup folder`);
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;
  if (manifest.format !== FORMAT || !Array.isArray(manifest.stores)) {
    throw new Error(`${manifestPath} is not a backup manifest of format ${FORMAT}`);
  }
  const problems: string[] = [];
  for (const store of manifest.stores) {
    for (const entry of store.entries) {
      for (const sum of [entry.data, entry.metadata]) {
        const path = join(dir, sum.file);
        if (!existsSync(path)) {
          problems.push(`${sum.file} is missing`);
          continue;
        }
        const bytes = readFileSync(path);
        if (bytes.byteLength !== sum.size || sha256(bytes) !== sum.sha256) {
          problems.push(`${sum.file} does not match its SHA-256 in the manifest`);
        }
      }
    }
  }
  if (problems.length > 0) {
    throw new Error(`The backup in ${dir} is damaged; nothing was restored:\n  ${problems.join("\n  ")}`);
  }
  return manifest;
}

export interface RestoreResult {
  /** Entries written (absent from the target, or overwritten with `force`). */
  written: number;
  /** Entries already identical in the target (bytes and metadata). */
  unchanged: number;
  /** Entries that differ in the target and were left alone (never with `force`). */
  kept: { store: string; key: string }[];
}

/**
 * Puts the backup in `dir` back into `target`. An entry missing from the target is written; one
 * that is identical is left as it is; one that differs was changed after the backup (newer) and is
 * kept unless `force`. Entries the backup does not have are never touched. The backup is verified
 * before anything is written.
 */
export async function restore(
  target: BlobsTarget,
  dir: string,
  options: { force?: boolean; progress?: Progress } = {},
): Promise<RestoreResult> {
  const manifest = verifyBackup(dir);
  const total = manifest.stores.reduce((sum, store) => sum + store.entries.length, 0);
  const result: RestoreResult = { written: 0, unchanged: 0, kept: [] };
  let done = 0;
  for (const store of manifest.stores) {
    for (const entry of store.entries) {
      const data = new Uint8Array(readFileSync(join(dir, entry.data.file)));
      const metadata = JSON.parse(readFileSync(join(dir, entry.metadata.file), "utf8")) as Record<
        string,
        unknown
      >;
      const current = await readEntry(target, store.name, entry.key);
      const identical =
        current !== null &&
        sha256(current.data) === entry.data.sha256 &&
        canonicalJson(current.metadata) === canonicalJson(metadata);
      if (identical) {
        result.unchanged += 1;
      } else if (current === null || options.force) {
        await writeEntry(target, store.name, { key: entry.key, data, metadata });
        result.written += 1;
      } else {
        result.kept.push({ store: store.name, key: entry.key });
      }
      done += 1;
      options.progress?.(done, total, store.name);
    }
  }
  return result;
}
