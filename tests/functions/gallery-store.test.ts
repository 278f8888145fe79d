import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getStore } from "@netlify/blobs";
import type { Context } from "@netlify/functions";
import sharp from "sharp";
import { startBlobs } from "./blobs";
import { jpegWithGps, pngImage } from "./gallery-fixtures";
import listGallery from "../../netlify/functions/gallery.mts";
import serveImage from "../../netlify/functions/gallery-image.mts";
import {
  createItem,
  deleteItem,
  listItems,
  reorderItems,
  updateItem,
} from "../../netlify/lib/gallery/gallery-store";
import { saveImage } from "../../netlify/lib/gallery/gallery-images-store";
import { ConflictError, HttpError, NotFoundError } from "../../netlify/lib/http/http-error";
import { processImage, ImageRejected } from "../../netlify/lib/gallery/image-pipeline";
import { seedGallery } from "../../scripts/lib/gallery-seed";
import { imageUrlForId } from "../../src/lib/gallery/images";
import type { GalleryCategory } from "../../src/lib/gallery/categories";
import { queryRecords } from "./database.ts";

let blobs: Awaited<ReturnType<typeof startBlobs>>;
beforeEach(async () => {
  blobs = await startBlobs();
});
afterEach(async () => {
  delete process.env.NETLIFY_LOCAL;
  await blobs.stop();
});

async function newImageUrl() {
  return imageUrlForId(await saveImage(await processImage(await pngImage())));
}

async function addItem(title: string, category: GalleryCategory = "all") {
  return createItem({ title, imageUrl: await newImageUrl(), category });
}

const params = (p: Record<string, string>) => ({ params: p }) as unknown as Context;

describe("GET /api/gallery", () => {
  it("starts empty and answers a cacheable, tagged array", async () => {
    const response = await listGallery(new Request("http://localhost/api/gallery"));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
    expect(response.headers.get("Netlify-Cache-Tag")).toBe("gallery");
    expect(response.headers.get("Cache-Tag")).toBe("gallery");
  });

  it("lists items ordered by displayOrder", async () => {
    const a = await addItem("First");
    const b = await addItem("Second");
    await reorderItems([b.id, a.id]);
    const body = await (await listGallery(new Request("http://localhost/api/gallery"))).json();
    expect(body.map((i: { title: string; displayOrder: number }) => [i.title, i.displayOrder])).toEqual([
      ["Second", 0],
      ["First", 1],
    ]);
  });

  it("refuses other methods with 405", async () => {
    const response = await listGallery(new Request("http://localhost/api/gallery", { method: "POST" }));
    expect(response.status).toBe(405);
  });

  it("never seeds, not even under the Netlify CLI", async () => {
    process.env.NETLIFY_LOCAL = "true";
    const response = await listGallery(new Request("http://localhost/api/gallery"));
    expect(await response.json()).toEqual([]);
  });
});

describe("local sample seed (npm run seed)", () => {
  it("publishes the sample projects once; deleted samples stay deleted", async () => {
    expect(await seedGallery()).toBe(true);
    const first = await listItems();
    expect(first.length).toBeGreaterThanOrEqual(4);
    await deleteItem(first[0]!.id);
    expect(await seedGallery()).toBe(false);
    const second = await listItems();
    expect(second).toHaveLength(first.length - 1);
    const id = first[1]!.imageUrl.split("/").pop() as string;
    const image = await serveImage(new Request(`http://localhost${first[1]!.imageUrl}`), params({ id }));
    expect(image.status).toBe(200);
    expect(image.headers.get("Content-Type")).toBe("image/webp");
  });
});

describe("gallery store", () => {
  it("gives new items displayOrder = current count and keeps the image dimensions", async () => {
    const a = await addItem("A");
    const b = await addItem("B");
    expect([a.displayOrder, b.displayOrder]).toEqual([0, 1]);
    expect([a.width, a.height]).toEqual([64, 48]);
  });

  it("refuses an imageUrl that was never uploaded (400) or is already in use (409)", async () => {
    await expect(
      createItem({
        title: "x",
        category: "all",
        imageUrl: imageUrlForId("0f8fad5b-d9cb-469f-a165-70867728950e"),
      }),
    ).rejects.toMatchObject({
      status: 400,
      fieldErrors: { imageUrl: ["Upload the image first: no such gallery image"] },
    });
    const imageUrl = await newImageUrl();
    expect(await createItem({ title: "x", category: "all", imageUrl })).toMatchObject({ title: "x" });
    await expect(createItem({ title: "y", category: "all", imageUrl })).rejects.toBeInstanceOf(ConflictError);
    expect((await listItems()).map((i) => i.title)).toEqual(["x"]);
  });

  it("updates title, description and category, keeping location and order", async () => {
    await addItem("A");
    const b = await addItem("B");
    const updated = await updateItem(b.id, { title: "B2", description: "", category: "rendering" });
    expect(updated).toMatchObject({ id: b.id, title: "B2", category: "rendering", displayOrder: 1 });
    expect(updated).not.toHaveProperty("description");
    await expect(
      updateItem("0f8fad5b-d9cb-469f-a165-70867728950e", {
        title: "x",
        description: "",
        category: "all",
      }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it("deletes the item and its image, closing the gap in the order", async () => {
    const a = await addItem("A");
    const b = await addItem("B");
    const imageId = a.imageUrl.split("/").pop() as string;
    await deleteItem(a.id);
    expect(await listItems()).toEqual([{ ...b, displayOrder: 0 }]);
    const { blobs: left } = await getStore("gallery-images").list({ prefix: imageId });
    expect(left).toEqual([]);
    await expect(deleteItem(a.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it.each([
    ["a missing id", (ids: string[]) => ids.slice(1)],
    ["a duplicate", (ids: string[]) => [ids[0], ...ids.slice(0, -1)]],
    ["an unknown id", (ids: string[]) => [...ids.slice(1), "0f8fad5b-d9cb-469f-a165-70867728950e"]],
    ["an extra id", (ids: string[]) => [...ids, "0f8fad5b-d9cb-469f-a165-70867728950e"]],
  ])("refuses a reorder with %s", async (_name, mangle) => {
    const ids = [(await addItem("A")).id, (await addItem("B")).id, (await addItem("C")).id];
    await expect(reorderItems(mangle(ids) as string[])).rejects.toMatchObject({ status: 400 });
    expect((await listItems()).map((i) => i.id)).toEqual(ids);
  });

  it("loses no item when two admins create at once", async () => {
    await addItem("existing");
    const urls = await Promise.all(Array.from({ length: 6 }, newImageUrl));
    const created = await Promise.all(
      urls.map((imageUrl, i) => createItem({ title: `New ${i}`, imageUrl, category: "all" })),
    );
    const items = await listItems();
    expect(items.map((i) => i.title).sort()).toEqual([
      "New 0",
      "New 1",
      "New 2",
      "New 3",
      "New 4",
      "New 5",
      "existing",
    ]);
    expect(items[0]?.title).toBe("existing");
    const orders = created.map((c) => c.displayOrder).sort();
    expect(orders).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("loses no item when two reorders and a create race", async () => {
    const ids = [(await addItem("A")).id, (await addItem("B")).id, (await addItem("C")).id];
    const imageUrl = await newImageUrl();
    const asked = [
      [ids[2], ids[1], ids[0]],
      [ids[1], ids[0], ids[2]],
    ] as string[][];
    // A refused reorder counts as not applied (null); any other failure fails the test.
    const refusedAsNull = (error: unknown) => {
      if (error instanceof HttpError && error.status === 400) return null;
      throw error;
    };
    const [first, second, created] = await Promise.all([
      reorderItems(asked[0]!).catch(refusedAsNull),
      reorderItems(asked[1]!).catch(refusedAsNull),
      createItem({ title: "D", imageUrl, category: "all" }),
    ]);
    const finalIds = (await listItems()).map((i) => i.id);
    // The new item is last: a reorder that ran after the create no longer names every id and is
    // refused, never applied partly; one that ran before it is applied whole.
    expect(finalIds).toHaveLength(4);
    expect(finalIds[3]).toBe(created.id);
    const applied = [first, second].flatMap((result, i) => (result ? [asked[i]!] : []));
    for (const [i, result] of [first, second].entries()) {
      if (result) expect(result.map((item) => item.id)).toEqual(asked[i]);
    }
    expect([ids, ...applied]).toContainEqual(finalIds.slice(0, 3));
    if (applied.length > 0) expect(finalIds.slice(0, 3)).toEqual(applied.at(-1));
  });

  it("keeps the order 0..n-1 when many creates, deletes and reorders run at once", async () => {
    const kept = [await addItem("K0"), await addItem("K1"), await addItem("K2")];
    const doomed = [await addItem("D0"), await addItem("D1"), await addItem("D2")];
    const urls = await Promise.all(Array.from({ length: 8 }, newImageUrl));
    const reorder = () =>
      listItems().then((items) => reorderItems(items.map((item) => item.id).reverse()).catch(() => null));
    await Promise.all([
      ...urls.map((imageUrl, i) => createItem({ title: `N${i}`, imageUrl, category: "all" })),
      ...doomed.map((item) => deleteItem(item.id)),
      reorder(),
      reorder(),
    ]);
    const items = await listItems();
    expect(items.map((item) => item.displayOrder)).toEqual(items.map((_, i) => i));
    expect(items.map((item) => item.title).sort()).toEqual(
      [...kept.map((item) => item.title), ...urls.map((_, i) => `N${i}`)].sort(),
    );
    const rows = await queryRecords<{ display_order: number }>(
      "SELECT display_order FROM gallery_items ORDER BY display_order",
    );
    expect(rows.map((row) => row.display_order)).toEqual(items.map((_, i) => i));
  });

  it("lets exactly one of many items at once take one image", async () => {
    const imageUrl = await newImageUrl();
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => createItem({ title: `Twin ${i}`, imageUrl, category: "all" })),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of results.filter((r) => r.status === "rejected"))
      expect(result.reason).toBeInstanceOf(ConflictError);
    expect(await listItems()).toHaveLength(1);
  });
});

describe("image pipeline and route", () => {
  it("publishes a JPEG upright, without EXIF or GPS, as WebP with smaller copies", async () => {
    const original = await jpegWithGps(1600, 1200);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const id = await saveImage(await processImage(new Uint8Array(original)));

    const response = await serveImage(new Request(`http://localhost/media/gallery/${id}`), params({ id }));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const served = Buffer.from(await response.arrayBuffer());
    const meta = await sharp(served).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation ?? 1).toBe(1);
    // Orientation 6 (rotate 90°) applied: the landscape original is published portrait.
    expect([meta.width, meta.height]).toEqual([1200, 1600]);
    expect(served.includes(Buffer.from("GPS"))).toBe(false);
    expect(served.includes(Buffer.from("TestCam"))).toBe(false);

    const small = await serveImage(
      new Request(`http://localhost/media/gallery/${id}/640`),
      params({ id, width: "640" }),
    );
    expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(640);
    const unknownWidth = await serveImage(
      new Request(`http://localhost/media/gallery/${id}/300`),
      params({ id, width: "300" }),
    );
    expect(unknownWidth.status).toBe(404);
  });

  it("serves images with the function security headers, cached for a year", async () => {
    const id = await saveImage(await processImage(await pngImage()));
    const response = await serveImage(new Request(`http://localhost/media/gallery/${id}`), params({ id }));
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "cache-control": "public, max-age=31536000, immutable",
      "content-security-policy": "default-src 'none'; frame-ancestors 'none'; sandbox",
      "cross-origin-resource-policy": "same-origin",
      "permissions-policy": expect.stringContaining("camera=()"),
      "referrer-policy": "strict-origin-when-cross-origin",
      "strict-transport-security": expect.stringMatching(/^max-age=\d+; includeSubDomains$/),
      "x-content-type-options": "nosniff",
      "x-frame-options": "DENY",
    });
    const head = await serveImage(
      new Request(`http://localhost/media/gallery/${id}`, { method: "HEAD" }),
      params({ id }),
    );
    expect(head.headers.get("Strict-Transport-Security")).toBe(
      response.headers.get("Strict-Transport-Security"),
    );
    expect(head.headers.get("Content-Length")).toBe(response.headers.get("Content-Length"));
    const missing = await serveImage(
      new Request("http://localhost/media/gallery/0f8fad5b-d9cb-469f-a165-70867728950e"),
      params({ id: "0f8fad5b-d9cb-469f-a165-70867728950e" }),
    );
    expect(missing.status).toBe(404);
    expect(missing.headers.get("Strict-Transport-Security")).toMatch(/^max-age=/);
    expect(await missing.json()).toEqual({ error: "Image not found" });
  });

  it("answers 404 for unknown or malformed ids", async () => {
    for (const id of ["0f8fad5b-d9cb-469f-a165-70867728950e", "../index", "index"]) {
      const response = await serveImage(new Request("http://localhost/media/gallery/x"), params({ id }));
      expect(response.status).toBe(404);
    }
  });

  it.each([
    ["a PDF", Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj\n"), 415],
    ["HTML named .jpg", Buffer.from("<!doctype html><script>alert(1)</script>"), 415],
    [
      "JPEG magic with garbage",
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]),
      400,
    ],
    ["nothing", Buffer.alloc(0), 400],
  ])("rejects %s", async (_name, bytes, status) => {
    const error = await processImage(new Uint8Array(bytes)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageRejected);
    expect((error as ImageRejected).status).toBe(status);
  });
});
