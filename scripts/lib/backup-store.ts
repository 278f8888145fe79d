/**
 * Blobs access for `npm run backup` and `npm run restore` (scripts/backup.ts, scripts/restore.ts):
 * every site-wide store of a site, read and written entry by entry with its metadata. Not used by
 * any function. The local sandbox of the Netlify CLI is opened with a Blobs server of our own on
 * the same folder, so it works whether or not `npm start` is running.
 */
import { getStore, listStores, type Store } from "@netlify/blobs";
import { BlobsServer } from "@netlify/blobs/server";
import { randomUUID } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

/** Where `netlify serve` and `netlify dev` keep local Blobs (one folder per site id below `entries/`). */
export const LOCAL_BLOBS_DIRECTORY = ".netlify/blobs-serve";

/** Site id of an unlinked project under `--offline`, as the Netlify CLI names it. */
const UNLINKED_SITE_ID = "unlinked";

export interface BlobsTarget {
  siteID: string;
  token: string;
  /** A Blobs server's URL (local sandbox); absent for a deployed site, which goes through the API. */
  edgeURL?: string;
  /** What the target is, for messages. */
  description: string;
}

export interface BlobEntry {
  key: string;
  data: Uint8Array;
  metadata: Record<string, unknown>;
}

function storeOf(target: BlobsTarget, name: string): Store {
  const { siteID, token, edgeURL } = target;
  return getStore({
    name,
    siteID,
    token,
    consistency: "strong",
    ...(edgeURL ? { edgeURL, uncachedEdgeURL: edgeURL } : {}),
  });
}

/** The site id the local sandbox holds data for: the only one, else the unlinked project's. */
function localSiteId(directory: string): string {
  const entries = join(directory, "entries");
  const ids = existsSync(entries) ? readdirSync(entries) : [];
  return ids.length === 1 ? (ids[0] as string) : UNLINKED_SITE_ID;
}

/** Opens the local sandbox in `directory` through a Blobs server of its own; `stop()` when done. */
export async function openLocalSandbox(
  directory = LOCAL_BLOBS_DIRECTORY,
  siteID = localSiteId(directory),
): Promise<{ target: BlobsTarget; stop: () => Promise<void> }> {
  const token = randomUUID();
  const server = new BlobsServer({ directory, token });
  const { port } = await server.start();
  const edgeURL = `http://localhost:${port}`;
  return {
    target: { siteID, token, edgeURL, description: `local sandbox ${directory} (site ${siteID})` },
    stop: () => server.stop(),
  };
}

/** A deployed site, through the Netlify API. */
export function deployedSite(siteID: string, token: string): BlobsTarget {
  return { siteID, token, description: `deployed site ${siteID}` };
}

/** Every site-wide store's name (deploy-scoped preview stores are not the owner's data). */
export async function storeNames(target: BlobsTarget): Promise<string[]> {
  const { siteID, token, edgeURL } = target;
  const { stores } = await listStores({
    siteID,
    token,
    ...(edgeURL ? { edgeURL, uncachedEdgeURL: edgeURL } : {}),
  });
  return [...stores].sort();
}

/**
 * The keys of `store` under `prefix`, by listing. Only for what no code writes any more (the stores
 * and prefixes of the layout before the database): the local Blobs server's listing ends early,
 * silently, when an entry it walks is renamed or deleted meanwhile (docs/workarounds.md), and a
 * listing with a prefix walks only the folders on the prefix's path. The stores that hold the
 * owner's bytes are never listed: a backup takes their keys from its tables (backup-scope.ts).
 */
export async function entryKeys(target: BlobsTarget, store: string, prefix = ""): Promise<string[]> {
  const { blobs } = await storeOf(target, store).list(prefix ? { prefix } : {});
  return blobs.map((blob) => blob.key).sort();
}

export async function readEntry(target: BlobsTarget, store: string, key: string): Promise<BlobEntry | null> {
  const entry = await storeOf(target, store).getWithMetadata(key, { type: "arrayBuffer" });
  if (!entry) return null;
  return { key, data: new Uint8Array(entry.data), metadata: entry.metadata };
}

export async function writeEntry(target: BlobsTarget, store: string, entry: BlobEntry): Promise<void> {
  const bytes = entry.data.buffer.slice(
    entry.data.byteOffset,
    entry.data.byteOffset + entry.data.byteLength,
  ) as ArrayBuffer;
  await storeOf(target, store).set(entry.key, bytes, { metadata: entry.metadata });
}
