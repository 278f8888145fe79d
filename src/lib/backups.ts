/**
 * How long backups of the site's data are kept. `npm run backup:prune` deletes older backups,
 * `npm run restore` refuses them, and the privacy policy states the same number
 * (`{BACKUP_RETENTION_DAYS}`, src/lib/content-constants.ts).
 *
 * Shipped to the browser only as text in the privacy policy: a plain constant.
 */
export const BACKUP_RETENTION_DAYS = 35;
