/**
 * npm run restore -- DIR [--force]: puts a backup made by `npm run backup` back (docs/backups.md).
 * Checks the manifest (stores it knows, files inside DIR) and every file's SHA-256 first, and refuses
 * a backup older than the backup retention period. Entries that are missing are written, identical
 * ones left alone; an entry that differs was changed after the backup and is kept, unless --force.
 * Entries of erased leads are never written back. Same target rules as the backup: the local
 * sandbox, or the deployed site given NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN.
 */
import { parseArgs } from "node:util";
import { restore } from "./lib/blobs-backup.ts";
import { openTarget, progressBar } from "./lib/blobs-target.ts";

const { values, positionals } = parseArgs({
  options: { force: { type: "boolean", default: false } },
  allowPositionals: true,
});
const dir = positionals[0];
if (!dir || positionals.length > 1) {
  console.error("Usage: npm run restore -- <backup folder> [--force]");
  process.exit(2);
}

const { target, close } = await openTarget();
const bar = progressBar("Restoring");
try {
  console.error(`Restoring ${dir} into the ${target.description}${values.force ? " (--force)" : ""}`);
  const result = await restore(target, dir, { force: values.force, progress: bar.progress });
  bar.stop();
  console.log(`Restored ${result.written} entries; ${result.unchanged} were already identical.`);
  if (result.erased > 0) console.log(`Left out ${result.erased} entries of leads erased since the backup.`);
  for (const name of result.leftOut) console.log(`${name}: not restored (never restored from a backup)`);
  if (result.kept.length > 0) {
    console.log(`Kept ${result.kept.length} entries that changed after the backup:`);
    for (const { store, key } of result.kept) console.log(`  ${store}: ${key}`);
    console.log("Run again with --force to overwrite them with the backup.");
    process.exitCode = 1;
  }
} catch (error) {
  bar.stop();
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await close();
}
