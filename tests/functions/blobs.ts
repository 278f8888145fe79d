/**
 * A real Netlify Blobs server on a temp folder for function tests (no mocks), with a real database
 * of the file's own beside it (database.ts): the functions keep bytes in one and records in the other.
 * `startBlobs()` points @netlify/blobs' environment context and NETLIFY_DB_URL at them; `stop()`
 * removes both.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BlobsServer } from "@netlify/blobs/server";
import { getStore, setEnvironmentContext } from "@netlify/blobs";
import { afterAll, beforeAll } from "vitest";
import type { BackupTarget } from "../../scripts/lib/blobs-backup.ts";
import { startDatabase } from "./database.ts";

export async function startBlobs() {
  const directory = await mkdtemp(join(tmpdir(), "blobs-test-"));
  const token = "test-token";
  const server = new BlobsServer({ directory, token });
  const { port } = await server.start();
  const url = `http://localhost:${port}`;
  const context = { edgeURL: url, uncachedEdgeURL: url, siteID: "test-site", token };
  setEnvironmentContext(context);
  const database = await startDatabase();
  return {
    directory,
    context,
    databaseUrl: database.url,
    async stop() {
      await database.stop();
      await server.stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

export type TestBlobs = Awaited<ReturnType<typeof startBlobs>>;

/**
 * For a test file, called at its top before its own hooks: a Blobs server and database of the
 * file's own for its whole run, removed after its own `afterAll`. The object returned is filled in
 * (`context`, `databaseUrl`) once the run starts.
 */
export function useBlobs(): TestBlobs {
  const blobs = {} as TestBlobs;
  beforeAll(async () => void Object.assign(blobs, await startBlobs()));
  afterAll(async () => blobs.stop?.());
  return blobs;
}

/** The file's Blobs server and database as the backup and import scripts reach them. */
export const backupTarget = (blobs: TestBlobs): BackupTarget => ({
  blobs: { ...blobs.context, description: "test Blobs server" },
  database: { url: blobs.databaseUrl, description: "test database" },
});

/** Deletes every entry of store `name` on the current Blobs server (between tests of one file). */
export async function clearStore(name: string): Promise<void> {
  const store = getStore({ name, consistency: "strong" });
  const { blobs } = await store.list();
  await Promise.all(blobs.map((blob) => store.delete(blob.key)));
}
