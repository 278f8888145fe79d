/**
 * One real PostgreSQL for the whole Vitest run (scripts/lib/local-database.ts), on a temp folder.
 * Its `records` database, with every migration applied, is the template each test file copies into
 * a database of its own (tests/functions/database.ts), so files run in parallel without sharing rows.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startLocalDatabase } from "../../scripts/lib/local-database.ts";

export default async function setup(): Promise<() => Promise<void>> {
  const directory = await mkdtemp(join(tmpdir(), "records-test-"));
  const database = await startLocalDatabase({ directory, persistent: false });
  // Read by the test workers, which start after this.
  process.env.TEST_DATABASE_SERVER_URL = database.serverUrl;
  return async () => {
    await database.stop();
    await rm(directory, { recursive: true, force: true });
  };
}
