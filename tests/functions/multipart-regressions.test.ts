/** Bodies the property tests found to break the multipart reader, kept as fixed cases. */
import { afterAll, beforeAll, expect, test } from "vitest";
import handler from "../../netlify/functions/contact.mts";
import { useBlobs } from "./blobs.ts";
import { quoteKeys, VALID_FIELDS } from "./quote-fixtures.ts";

const uncaught: unknown[] = [];
const onUncaught = (error: unknown) => uncaught.push(error);
useBlobs();
beforeAll(() => {
  process.on("uncaughtException", onUncaught);
});
afterAll(() => {
  process.off("uncaughtException", onUncaught);
});

test("a refused file field cut off mid-file answers 400 and throws nothing uncaught", async () => {
  const form = new FormData();
  for (const [name, value] of Object.entries(VALID_FIELDS)) form.append(name, value);
  // "file" may not carry a file: the reader stops while that file is still streaming.
  form.append("file", new Blob([new Uint8Array(512 * 1024)]), "big.bin");
  form.append("fillTimeMs", "15000");
  const response = await handler(new Request("http://localhost/api/contact", { method: "POST", body: form }));
  expect(response.status).toBe(400);
  expect(await response.json()).toEqual({ error: "Field file may not carry a file" });
  // A destroyed stream reports its errors on the next ticks; all of them have run by the next turn
  // of the event loop.
  await new Promise((resolve) => setImmediate(resolve));
  expect(uncaught).toEqual([]);
  expect(await quoteKeys()).toEqual([]);
});
