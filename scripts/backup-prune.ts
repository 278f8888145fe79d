/**
 * npm run backup:prune [-- --dir DIR] [--dry-run]: deletes the backups in DIR (default `backups/`)
 * made more than BACKUP_RETENTION_DAYS ago, as the privacy policy promises. Only folders with a
 * backup manifest are considered; anything else in DIR is left alone.
 */
import { parseArgs } from "node:util";
import { BACKUP_RETENTION_DAYS } from "../src/lib/backups.ts";
import { pruneBackups } from "./lib/blobs-backup.ts";

const { values } = parseArgs({
  options: { dir: { type: "string", default: "backups" }, "dry-run": { type: "boolean", default: false } },
});
const dryRun = values["dry-run"];
try {
  const { deleted, kept } = pruneBackups(values.dir, { dryRun });
  for (const dir of deleted) console.log(`${dryRun ? "Would delete" : "Deleted"} ${dir}`);
  console.log(
    `${deleted.length} backup${deleted.length === 1 ? "" : "s"} older than ${BACKUP_RETENTION_DAYS} days ${dryRun ? "would be " : ""}deleted; ${kept.length} kept.`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
