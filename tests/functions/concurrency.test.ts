/** Many writers at once against a real Blobs server: nothing lost, nothing doubled. */
import type { Context } from "@netlify/functions";
import { beforeAll, expect, test } from "vitest";
import contact from "../../netlify/functions/contact.mts";
import { adminCookie, useAdminTestEnv } from "./admin-session.ts";
import { addGalleryItem, callApi } from "./api-client.ts";
import { useBlobs } from "./blobs.ts";
import { pngImage } from "./gallery-fixtures.ts";
import { files, quoteRequest, storedQuotes } from "./quote-fixtures.ts";

let cookie: string;
useBlobs();
beforeAll(async () => {
  useAdminTestEnv();
  cookie = await adminCookie();
});

test("50 quotes at once with distinct idempotency keys are 50 stored quotes", async () => {
  // Fifty visitors, each from an address of their own: one client is held to its own quota.
  const responses = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      contact(
        quoteRequest({
          idempotencyKey: `concurrent-quote-${String(i).padStart(4, "0")}`,
          fields: { message: `Concurrent quote number ${i}` },
          attachments: i % 5 === 0 ? [{ name: "roof.jpg", bytes: files.jpeg(5000) }] : [],
        }),
        { ip: `198.18.0.${i + 1}`, waitUntil: () => undefined } as unknown as Context,
      ),
    ),
  );
  expect(responses.map((r) => r.status)).toEqual(Array(50).fill(201));
  const ids = await Promise.all(responses.map(async (r) => ((await r.json()) as { id: string }).id));
  expect(new Set(ids).size).toBe(50);
  const stored = (await storedQuotes()).filter((record) =>
    record.message.startsWith("Concurrent quote number"),
  );
  expect(stored.map((record) => record.id).sort()).toEqual([...ids].sort());
  expect(stored.filter((record) => record.attachments.length === 1)).toHaveLength(10);
}, 60_000);

test("the same idempotency key sent 10 times in sequence stores one quote", async () => {
  const request = () =>
    contact(
      quoteRequest({ idempotencyKey: "same-key-ten-times-0001", fields: { message: "Sent ten times." } }),
    );
  const bodies: unknown[] = [];
  for (let i = 0; i < 10; i += 1) {
    const response = await request();
    expect(response.status).toBe(201);
    bodies.push(await response.json());
  }
  expect(new Set(bodies.map((body) => JSON.stringify(body))).size).toBe(1);
  expect((await storedQuotes()).filter((record) => record.message === "Sent ten times.")).toHaveLength(1);
});

test("20 gallery edits and reorders at once: every edit kept, every item still there once", async () => {
  const ids: string[] = [];
  for (let i = 0; i < 10; i += 1) {
    ids.push(await addGalleryItem(cookie, `Before ${i}`, await pngImage(16 + i, 16)));
  }
  const orders = Array.from({ length: 10 }, (_, k) => [...ids.slice(k), ...ids.slice(0, k)]);
  const responses = await Promise.all([
    ...ids.map((id, i) =>
      callApi("PUT", `/api/admin/gallery/${id}`, {
        body: { title: `After ${i}`, description: `Edited ${i}`, category: "repairs" },
        cookie,
      }),
    ),
    ...orders.map((imageIds) =>
      callApi("POST", "/api/admin/gallery/reorder", { body: { imageIds }, cookie }),
    ),
  ]);
  expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));

  const gallery = (await (await callApi("GET", "/api/gallery")).json()) as {
    id: string;
    title: string;
    description: string;
    displayOrder: number;
  }[];
  expect(gallery.map((item) => item.displayOrder)).toEqual([...Array(10).keys()]);
  expect(gallery.map((item) => item.id).sort()).toEqual([...ids].sort());
  for (const [i, id] of ids.entries()) {
    expect(gallery.find((item) => item.id === id)).toMatchObject({
      title: `After ${i}`,
      description: `Edited ${i}`,
    });
  }
  // The final order is one of those sent, whole.
  expect(orders.map((order) => order.join())).toContain(gallery.map((item) => item.id).join());
}, 60_000);
