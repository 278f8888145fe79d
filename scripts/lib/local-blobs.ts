/**
 * The Netlify CLI's local Blobs sandbox (`.netlify/blobs-serve`, the folder `netlify dev` and
 * `netlify serve` use), opened outside the CLI so a script can write to it before the server starts.
 * Points @netlify/blobs' environment at a Blobs server on that folder; `stop()` shuts it down.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { setEnvironmentContext } from "@netlify/blobs";
import { BlobsServer } from "@netlify/blobs/server";

export const ROOT = join(import.meta.dirname, "..", "..");
export const LOCAL_BLOBS_DIRECTORY = join(ROOT, ".netlify", "blobs-serve");
/** The site id the CLI files entries under when the folder is not linked to a site. */
const UNLINKED_SITE_ID = "unlinked";

async function linkedSiteId(): Promise<string | undefined> {
  try {
    const state = JSON.parse(await readFile(join(ROOT, ".netlify", "state.json"), "utf8")) as {
      siteId?: unknown;
    };
    return typeof state.siteId === "string" ? state.siteId : undefined;
  } catch {
    return undefined;
  }
}

export async function openLocalBlobs(directory = LOCAL_BLOBS_DIRECTORY): Promise<{ stop(): Promise<void> }> {
  const token = crypto.randomUUID();
  const server = new BlobsServer({ directory, token });
  const { port } = await server.start();
  const url = `http://localhost:${port}`;
  const siteID = (await linkedSiteId()) ?? UNLINKED_SITE_ID;
  setEnvironmentContext({ deployID: "0", edgeURL: url, uncachedEdgeURL: url, siteID, token });
  // As under the CLI: the site-wide stores, never a deploy-scoped one.
  process.env.NETLIFY_LOCAL = "true";
  return { stop: () => server.stop() };
}
