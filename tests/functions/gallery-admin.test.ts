import { beforeEach, describe, expect, it } from "vitest";
import type { Context } from "@netlify/functions";
import sharp from "sharp";
import { TEST_ORIGIN, useAdminSession } from "./admin-session";
import { imageForm, jpegWithGps, pngImage } from "./gallery-fixtures";
import serveImage from "../../netlify/functions/gallery-image.mts";
import type { GalleryItem } from "../../src/lib/gallery/schema";
import { galleryClient } from "./gallery-client";

const session = useAdminSession();
const { call, list } = galleryClient(session, "192.0.2.9");

beforeEach(async () => {
  // Each test starts from an empty gallery.
  for (const item of await list()) await call("DELETE", `/api/admin/gallery/${item.id}`);
});

async function upload(bytes: Uint8Array, name = "photo.jpg"): Promise<string> {
  const response = await call("POST", "/api/upload/image", imageForm(bytes, name));
  expect(response.status).toBe(201);
  return (await response.json()).imageUrl;
}

async function add(title: string, extra: Record<string, unknown> = {}): Promise<GalleryItem> {
  const imageUrl = await upload(new Uint8Array(await pngImage()), `${title}.png`);
  const response = await call("POST", "/api/admin/gallery", {
    title,
    description: "Uploaded via Gallery Admin",
    imageUrl,
    category: "all",
    displayOrder: 99,
    ...extra,
  });
  expect(response.status).toBe(201);
  return response.json();
}

describe("gallery admin CRUD", () => {
  it("uploads, adds with displayOrder = count, edits, deletes (image too)", async () => {
    const first = await add("First");
    const second = await add("Second", { location: "Stirling" });
    expect([first.displayOrder, second.displayOrder]).toEqual([0, 1]);
    expect(second).toMatchObject({ title: "Second", location: "Stirling", category: "all" });

    const put = await call("PUT", `/api/admin/gallery/${second.id}`, {
      title: "Second, renamed",
      description: "Smooth finish",
      category: "rendering",
    });
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({
      title: "Second, renamed",
      category: "rendering",
      location: "Stirling",
    });

    const imageId = first.imageUrl.split("/").pop() as string;
    const del = await call("DELETE", `/api/admin/gallery/${first.id}`);
    expect(del.status).toBe(204);
    expect((await list()).map((i) => [i.title, i.displayOrder])).toEqual([["Second, renamed", 0]]);
    const image = await serveImage(new Request(`${TEST_ORIGIN}${first.imageUrl}`), {
      params: { id: imageId },
    } as unknown as Context);
    expect(image.status).toBe(404);
  });

  it("answers 404 for unknown items and 400 for invalid data", async () => {
    const unknown = "/api/admin/gallery/0f8fad5b-d9cb-469f-a165-70867728950e";
    expect((await call("PUT", unknown, { title: "x", description: "", category: "all" })).status).toBe(404);
    expect((await call("DELETE", unknown)).status).toBe(404);

    const item = await add("Item");
    const bad = await call("PUT", `/api/admin/gallery/${item.id}`, { title: "", category: "roofs" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fieldErrors).toMatchObject({
      title: ["Title is required"],
      category: ["Please choose a category"],
    });
    const notJson = await call("POST", "/api/admin/gallery", "{");
    expect(notJson.status).toBe(400);
    const foreignImage = await call("POST", "/api/admin/gallery", {
      title: "x",
      imageUrl: "https://elsewhere.example/x.jpg",
      category: "all",
    });
    expect(foreignImage.status).toBe(400);
    const missingImage = await call("POST", "/api/admin/gallery", {
      title: "x",
      imageUrl: "/media/gallery/0f8fad5b-d9cb-469f-a165-70867728950e",
      category: "all",
    });
    expect(missingImage.status).toBe(400);
    const reused = await call("POST", "/api/admin/gallery", {
      title: "x",
      imageUrl: item.imageUrl,
      category: "all",
    });
    expect(reused.status).toBe(409);
    expect(await list()).toHaveLength(1);
  });

  it("refuses JSON bodies over their limit with 413 before parsing them", async () => {
    const ids = Array.from({ length: 10_000 }, () => "0f8fad5b-d9cb-469f-a165-70867728950e");
    expect((await call("POST", "/api/admin/gallery/reorder", { imageIds: ids })).status).toBe(413);
    const long = {
      title: "x",
      imageUrl: "/media/gallery/x",
      category: "all",
      description: "d".repeat(20_000),
    };
    expect((await call("POST", "/api/admin/gallery", long)).status).toBe(413);
  });

  it("refuses wrong methods with 405", async () => {
    expect((await call("GET", "/api/admin/gallery")).status).toBe(405);
    expect((await call("GET", "/api/admin/gallery/reorder")).status).toBe(405);
    expect((await call("GET", "/api/upload/image")).status).toBe(405);
  });

  it("refuses every call without a session with 401 and changes nothing", async () => {
    const item = await add("Kept");
    const calls: [string, string, unknown][] = [
      ["POST", "/api/admin/gallery", { title: "x", imageUrl: item.imageUrl, category: "all" }],
      ["PUT", `/api/admin/gallery/${item.id}`, { title: "Changed", description: "", category: "all" }],
      ["DELETE", `/api/admin/gallery/${item.id}`, undefined],
      ["POST", "/api/admin/gallery/reorder", { imageIds: [item.id] }],
      ["POST", "/api/upload/image", imageForm(new Uint8Array(await pngImage()))],
    ];
    for (const [method, path, body] of calls) {
      expect((await call(method, path, body, false)).status, `${method} ${path}`).toBe(401);
    }
    expect(await list()).toEqual([item]);
  });
});

describe("reorder", () => {
  it("applies a full permutation and answers the ordered list", async () => {
    const ids = [(await add("A")).id, (await add("B")).id, (await add("C")).id];
    const response = await call("POST", "/api/admin/gallery/reorder", { imageIds: [ids[2], ids[0], ids[1]] });
    expect(response.status).toBe(200);
    const body: GalleryItem[] = await response.json();
    expect(body.map((i) => [i.title, i.displayOrder])).toEqual([
      ["C", 0],
      ["A", 1],
      ["B", 2],
    ]);
    expect((await list()).map((i) => i.title)).toEqual(["C", "A", "B"]);
  });

  it.each([
    ["a missing id", (ids: string[]) => ids.slice(1)],
    ["a repeated id", (ids: string[]) => [ids[0], ids[0], ids[1]]],
    ["an unknown id", (ids: string[]) => [ids[0], ids[1], "0f8fad5b-d9cb-469f-a165-70867728950e"]],
    ["not a list", () => "abc"],
  ])("answers 400 for %s and keeps the order", async (_name, mangle) => {
    const ids = [(await add("A")).id, (await add("B")).id, (await add("C")).id];
    const response = await call("POST", "/api/admin/gallery/reorder", { imageIds: mangle(ids) });
    expect(response.status).toBe(400);
    expect((await list()).map((i) => i.id)).toEqual(ids);
  });

  it("loses nothing when two admins reorder and add at the same time", async () => {
    const ids = [(await add("A")).id, (await add("B")).id];
    const imageUrls = await Promise.all([1, 2].map(() => pngImage().then((b) => upload(new Uint8Array(b)))));
    const responses = await Promise.all([
      call("POST", "/api/admin/gallery/reorder", { imageIds: [ids[1], ids[0]] }),
      call("POST", "/api/admin/gallery", { title: "C", imageUrl: imageUrls[0], category: "all" }),
      call("POST", "/api/admin/gallery", { title: "D", imageUrl: imageUrls[1], category: "all" }),
      call("POST", "/api/admin/gallery/reorder", { imageIds: [ids[0], ids[1]] }),
    ]);
    expect(responses[1]?.status).toBe(201);
    expect(responses[2]?.status).toBe(201);
    const final = await list();
    expect(final.map((i) => i.title).sort()).toEqual(["A", "B", "C", "D"]);
    // Both additions come after A and B whatever ran first: a reorder that no longer names every
    // item is refused (400), never applied so as to move or drop one.
    expect(
      final
        .slice(2)
        .map((i) => i.title)
        .sort(),
    ).toEqual(["C", "D"]);
    for (const index of [0, 3]) expect([200, 400]).toContain(responses[index]?.status);
  });
});

/** Whether `bytes` hold the EXIF GPS IFD pointer tag (0x8825), in either byte order. */
function hasGpsIfd(bytes: Buffer): boolean {
  return (
    bytes.includes(Buffer.from([0x88, 0x25, 0x00, 0x04])) ||
    bytes.includes(Buffer.from([0x25, 0x88, 0x04, 0x00]))
  );
}

describe("POST /api/upload/image", () => {
  it("serves the uploaded JPEG without its EXIF GPS, orientation applied", async () => {
    const original = await jpegWithGps(800, 600);
    const exif = (await sharp(original).metadata()).exif as Buffer;
    expect(hasGpsIfd(exif)).toBe(true);
    const imageUrl = await upload(new Uint8Array(original));
    expect(imageUrl).toMatch(/^\/media\/gallery\/[0-9a-f-]{36}$/);

    const id = imageUrl.split("/").pop() as string;
    const response = await serveImage(new Request(`${TEST_ORIGIN}${imageUrl}`), {
      params: { id },
    } as unknown as Context);
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const served = Buffer.from(await response.arrayBuffer());
    const meta = await sharp(served).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([600, 800]);
    expect(served.includes(Buffer.from("Exif"))).toBe(false);
    expect(hasGpsIfd(served)).toBe(false);
    expect(served.includes(Buffer.from("TestCam"))).toBe(false);
  });

  it.each([
    ["a PDF named .jpg", Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\n"), "photo.jpg", 415],
    ["HTML named .png", Buffer.from("<html><script>alert(1)</script></html>"), "photo.png", 415],
    ["an SVG", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'), "photo.svg", 415],
    [
      "a JPEG header on junk",
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4096, 1)]),
      "x.jpg",
      400,
    ],
  ])("rejects %s and stores nothing", async (_name, bytes, name, status) => {
    const response = await call("POST", "/api/upload/image", imageForm(new Uint8Array(bytes), name));
    expect(response.status).toBe(status);
    expect((await response.json()).error).toEqual(expect.any(String));
  });

  it("rejects a body over 4 MiB with 413", async () => {
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(4 * 1024 * 1024 + 10, 1)]);
    const response = await call("POST", "/api/upload/image", imageForm(new Uint8Array(big)));
    expect(response.status).toBe(413);
  });

  it("rejects a request without the image field", async () => {
    const form = new FormData();
    form.append("other", new Blob([new Uint8Array(await pngImage())]), "x.png");
    expect((await call("POST", "/api/upload/image", form)).status).toBe(400);
    expect((await call("POST", "/api/upload/image", { image: "x" })).status).toBe(400);
  });
});
