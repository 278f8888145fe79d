/**
 * npm run backup [-- --out DIR]: the owner's data into a new folder (default backups/<date-time>/),
 * with a manifest of SHA-256 sums (docs/backups.md): every table of the database as
 * database/<table>.jsonl, and the Blobs stores that hold bytes (attachments, gallery, images);
 * sessions, throttles, quotas and unfinished uploads are left out (scripts/lib/backup-scope.ts).
 *
 * The local sandbox of `npm start` by default (its Blobs in .netlify/blobs-serve, its PostgreSQL in
 * .netlify/postgres, started for the backup when `npm start` is not running); a deployed site when
 * NETLIFY_SITE_ID, NETLIFY_AUTH_TOKEN and NETLIFY_DB_URL are set. Backups older than
 * BACKUP_RETENTION_DAYS are deleted by `npm run backup:prune`.
 */
import { parseArgs } from "node:util";
import { BACKUP_RETENTION_DAYS } from "../src/lib/backups.ts";
import {
  backup,
  backupScope,
  defaultBackupDir,
  leftOutReason,
  unimportedLegacyRecords,
} from "./lib/blobs-backup.ts";
import { runOnTarget } from "./lib/blobs-target.ts";

const { values } = parseArgs({ options: { out: { type: "string" } } });
const outDir = values.out ?? defaultBackupDir();

await runOnTarget("Backing up", async (target, bar) => {
  console.error(
    `Backing up the ${target.blobs.description} and the ${target.database.description} into ${outDir}`,
  );
  for (const name of (await backupScope(target.blobs)).leftOut)
    console.log(`${name}: left out (${leftOutReason(name)})`);
  const manifest = await backup(target, outDir, bar.progress);
  bar.stop();
  const tables = manifest.database?.tables ?? [];
  for (const table of tables) console.log(`table ${table.name}: ${table.rows} rows`);
  for (const store of manifest.stores) console.log(`store ${store.name}: ${store.entries.length} entries`);
  const rows = tables.reduce((sum, table) => sum + table.rows, 0);
  const entries = manifest.stores.reduce((sum, store) => sum + store.entries.length, 0);
  const bytes =
    tables.reduce((sum, table) => sum + table.file.size, 0) +
    manifest.stores.reduce((sum, store) => sum + store.entries.reduce((s, e) => s + e.data.size, 0), 0);
  console.log(
    `Backed up ${rows} rows from ${tables.length} tables and ${entries} entries from ${manifest.stores.length} stores (${(bytes / 1e6).toFixed(1)} MB) to ${outDir}`,
  );
  console.log(
    `It holds customers' personal data: keep it private, and run \`npm run backup:prune\` to delete backups older than ${BACKUP_RETENTION_DAYS} days.`,
  );
  const unimported = await unimportedLegacyRecords(target);
  if (unimported.length > 0) {
    console.error(
      `${unimported.length} quote records are still only in the Blobs layout of before the database, so this backup does not hold them: run \`npm run import:blob-records\` (docs/database.md), then back up again.`,
    );
    process.exitCode = 1;
  }
});
