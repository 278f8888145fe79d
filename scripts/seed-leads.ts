/**
 * npm run seed:leads -- [count]: stores `count` made-up leads (default 1000, over the last 18
 * months) in the local Blobs sandbox that `npm start` serves, and adds them to the lead index, so
 * the desk can be tried with many leads. The same count gives the same leads: running it twice
 * adds nothing. Works while `npm start` runs.
 */
import { performance } from "node:perf_hooks";
import { openLocalBlobs } from "./lib/local-blobs.ts";
import { indexRecords, saveRecords, seedRecords } from "./lib/lead-seed.ts";

const count = Number(process.argv[2] ?? 1000);
if (!Number.isInteger(count) || count < 1) {
  console.error("Usage: npm run seed:leads -- [count]");
  process.exit(1);
}

const blobs = await openLocalBlobs();
try {
  const started = performance.now();
  const records = seedRecords(count, { seed: 7 });
  await saveRecords(records);
  await indexRecords(records);
  console.log(`Stored and indexed ${count} leads in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
} finally {
  await blobs.stop();
}
