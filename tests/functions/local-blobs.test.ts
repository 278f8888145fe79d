/**
 * The local Blobs server the tests and `npm start` run on, as the project patches it
 * (patches/@netlify+blobs+11.1.1.patch): a listing taken while other entries are being written
 * beside the listed ones still names every entry that was already there.
 */
import { getStore } from "@netlify/blobs";
import { expect, test } from "vitest";
import { useBlobs } from "./blobs.ts";

useBlobs();

test("a listing during writes into the same folder misses none of the entries written before it", async () => {
  const store = getStore({ name: "listing-under-writes", consistency: "strong" });
  const before = Array.from({ length: 100 }, (_, n) => `folder/before-${String(n).padStart(3, "0")}`);
  await Promise.all(before.map((key) => store.setJSON(key, { key })));

  // 1,000 more entries written four at a time, beside the first hundred, while listings run.
  let writing = true;
  const writer = (async () => {
    for (let n = 0; n < 250; n++)
      await Promise.all([0, 1, 2, 3].map((k) => store.setJSON(`folder/during-${n}-${k}`, { n })));
    writing = false;
  })();
  const shortfalls: number[] = [];
  const strangers: string[] = [];
  while (writing) {
    const { blobs: listed } = await store.list({ prefix: "folder/" });
    const keys = new Set(listed.map((entry) => entry.key));
    shortfalls.push(before.filter((key) => !keys.has(key)).length);
    // The server's temporary files never show as entries.
    strangers.push(...[...keys].filter((key) => !/^folder\/(before|during)-/.test(key)));
  }
  await writer;
  expect(shortfalls.length).toBeGreaterThan(3);
  expect(strangers).toEqual([]);
  expect(shortfalls.filter((missed) => missed > 0)).toEqual([]);
}, 60_000);
