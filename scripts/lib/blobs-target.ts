/** What `npm run backup` and `npm run restore` share: which site's Blobs, and a progress bar. */
import { SingleBar } from "cli-progress";
import { deployedSite, LOCAL_BLOBS_DIRECTORY, openLocalSandbox, type BlobsTarget } from "./backup-store.ts";
import type { Progress } from "./blobs-backup.ts";

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
    format: `${verb} [{bar}] {value}/{total} entries | {store}`,
    stream: process.stderr,
    hideCursor: true,
  });
  let started = false;
  return {
    progress: (done, total, store) => {
      if (!started) bar.start(total, 0, { store });
      started = true;
      bar.update(done, { store });
    },
    stop: () => {
      if (started) bar.stop();
    },
  };
}
