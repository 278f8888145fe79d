/**
 * npm run seed:leads -- [--count N] [--seed S]: stores N made-up leads (default 1,000, over the last
 * 18 months; scripts/lib/lead-seed.ts) in the database of NETLIFY_DB_URL, else in the local
 * PostgreSQL of `npm start` (.netlify/postgres): the one `npm start` is running, or, when none runs,
 * started for the seeding and stopped after. The same count and seed give the same leads, so running
 * it twice adds nothing the second time; another seed adds others.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { performance } from "node:perf_hooks";
import { closeDatabase, database, liftDatabaseBounds } from "../netlify/lib/database/database.ts";
import { guideEstimates, insertLeads, seedLeads } from "./lib/lead-seed.ts";
import {
  LOCAL_DATABASE_DIR,
  LOCAL_DATABASE_NAME,
  databaseUrl,
  startLocalDatabase,
  type LocalDatabase,
} from "./lib/local-database.ts";

const { values } = parseArgs({
  options: { count: { type: "string", default: "1000" }, seed: { type: "string", default: "7" } },
  allowPositionals: true,
});
const count = Number(values.count);
const seed = Number(values.seed);
if (!Number.isInteger(count) || count < 1 || !Number.isInteger(seed)) {
  console.error("Usage: npm run seed:leads -- [--count N] [--seed S]");
  process.exit(1);
}

/**
 * The port of the PostgreSQL `npm start` runs on .netlify/postgres, read from its postmaster.pid
 * (line 1 the server's process id, line 4 its port), or null when none runs.
 */
function runningLocalPort(): number | null {
  try {
    const lines = readFileSync(join(LOCAL_DATABASE_DIR, "postmaster.pid"), "utf8").split("\n");
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    process.kill(pid, 0);
    return Number.isInteger(port) && port > 0 ? port : null;
  } catch {
    return null;
  }
}

let started: LocalDatabase | null = null;
if (!process.env.NETLIFY_DB_URL) {
  const port = runningLocalPort();
  if (port) {
    // The local server's own user, as scripts/lib/local-database.ts creates it (loopback only).
    process.env.NETLIFY_DB_URL = databaseUrl(
      `postgres://postgres:postgres@127.0.0.1:${port}`,
      LOCAL_DATABASE_NAME,
    );
    console.log(`Seeding the PostgreSQL npm start runs (port ${port}).`);
  } else {
    started = await startLocalDatabase({ log: (line) => console.error(`PostgreSQL: ${line}`) });
    process.env.NETLIFY_DB_URL = started.url;
    console.log("Seeding .netlify/postgres (started for this, stopped after).");
  }
}

// 1,000 leads a statement: longer than a visitor's request may take.
liftDatabaseBounds();
try {
  const began = performance.now();
  const leads = seedLeads(count, { seed, estimates: await guideEstimates() });
  let shown = 0;
  const added = await insertLeads(leads, {
    progress: (done) => {
      if (done - shown >= 10_000 || done === count) {
        shown = done;
        console.log(`  ${done.toLocaleString("en-GB")} of ${count.toLocaleString("en-GB")}`);
      }
    },
  });
  const { rows } = await database().query<{ n: string }>("SELECT count(*) AS n FROM leads");
  console.log(
    `Added ${added.toLocaleString("en-GB")} leads (${(count - added).toLocaleString("en-GB")} were there already) in ${((performance.now() - began) / 1000).toFixed(1)} s; the database holds ${Number(rows[0]?.n).toLocaleString("en-GB")}.`,
  );
} finally {
  await closeDatabase();
  await started?.stop();
}
