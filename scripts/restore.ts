/**
 * npm run restore -- DIR [--force]: puts a backup made by `npm run backup` back (docs/backups.md).
 * Checks the manifest (stores and tables it knows, files inside DIR), every file's SHA-256 and the
 * database's schema first, and refuses a backup older than the backup retention period.
 *
 * Blobs entries that are missing are written, identical ones left alone; an entry that differs was
 * changed after the backup and is kept, unless --force. Rows that are missing are inserted; a row
 * the database holds in another state is its newer state and kept, except that --force overwrites
 * a lead whose backup version is higher. Nothing of an erased lead is ever written back. Same target
 * rules as the backup: the local sandbox, or the deployed site given NETLIFY_SITE_ID,
 * NETLIFY_AUTH_TOKEN and NETLIFY_DB_URL.
 */
import { parseArgs } from "node:util";
import { restore, verifyBackup } from "./lib/blobs-backup.ts";
import { runOnTarget } from "./lib/blobs-target.ts";

const { values, positionals } = parseArgs({
  options: { force: { type: "boolean", default: false } },
  allowPositionals: true,
});
const dir = positionals[0];
if (!dir || positionals.length > 1) {
  console.error("Usage: npm run restore -- <backup folder> [--force]");
  process.exit(2);
}

await runOnTarget(
  "Restoring",
  async (target, bar) => {
    console.error(
      `Restoring ${dir} into the ${target.blobs.description} and the ${target.database.description}${values.force ? " (--force)" : ""}`,
    );
    const result = await restore(target, dir, { force: values.force, progress: bar.progress });
    bar.stop();
    for (const table of result.tables) {
      console.log(
        `table ${table.table}: ${table.written} rows written, ${table.unchanged} already identical, ${table.newer} newer in the database (kept)${table.erased ? `, ${table.erased} of erased leads left out` : ""}`,
      );
    }
    console.log(`Blobs: restored ${result.written} entries; ${result.unchanged} were already identical.`);
    if (result.erased > 0) console.log(`Left out ${result.erased} Blobs entries of erased leads.`);
    for (const name of result.leftOut) console.log(`${name}: not restored (never restored from a backup)`);
    const keptRows = result.tables.flatMap((table) => table.kept.map((key) => `${table.table}: ${key}`));
    if (result.kept.length > 0 || keptRows.length > 0) {
      console.log(
        `Kept ${result.kept.length + keptRows.length} entries and rows the backup holds in another state:`,
      );
      for (const { store, key } of result.kept) console.log(`  ${store}: ${key}`);
      for (const row of keptRows) console.log(`  ${row} (the backup's version is newer)`);
      console.log("Run again with --force to overwrite them with the backup.");
      process.exitCode = 1;
    }
  },
  // A damaged or escaping backup is refused before any connection is made.
  () => verifyBackup(dir),
);
