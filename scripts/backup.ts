/**
 * npm run backup [-- --out DIR]: the Blobs stores that hold the site's data into a new folder
 * (default backups/<date-time>/), with a manifest of SHA-256 sums (docs/security.md); sessions,
 * throttles, quotas and unfinished uploads are left out (scripts/lib/backup-scope.ts). The local
 * sandbox of `npm start` by default; a deployed site when NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN are
 * set. Backups older than BACKUP_RETENTION_DAYS are deleted by `npm run backup:prune`.
 */
import { parseArgs } from "node:util";
import { BACKUP_RETENTION_DAYS } from "../src/lib/backups.ts";
import { backup, backupScope, defaultBackupDir, leftOutReason } from "./lib/blobs-backup.ts";
import { openTarget, progressBar } from "./lib/blobs-target.ts";

const { values } = parseArgs({ options: { out: { type: "string" } } });
const outDir = values.out ?? defaultBackupDir();

const { target, close } = await openTarget();
const bar = progressBar("Backing up");
try {
  console.error(`Backing up the ${target.description} into ${outDir}`);
  for (const name of (await backupScope(target)).leftOut)
    console.log(`${name}: left out (${leftOutReason(name)})`);
  const manifest = await backup(target, outDir, bar.progress);
  bar.stop();
  const entries = manifest.stores.reduce((sum, store) => sum + store.entries.length, 0);
  const bytes = manifest.stores.reduce(
    (sum, store) => sum + store.entries.reduce((s, e) => s + e.data.size, 0),
    0,
  );
  for (const store of manifest.stores) console.log(`${store.name}: ${store.entries.length} entries`);
  console.log(
    `Backed up ${entries} entries (${(bytes / 1e6).toFixed(1)} MB) from ${manifest.stores.length} stores to ${outDir}`,
  );
  console.log(
    `It holds customers' personal data: keep it private, and run \`npm run backup:prune\` to delete backups older than ${BACKUP_RETENTION_DAYS} days.`,
  );
} catch (error) {
  bar.stop();
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await close();
}
