/** docs/towns.md: a gallery item may name the town it was done in (`area`, a town's slug). */
import { beforeEach, describe, expect, it } from "vitest";
import { imageForm, pngImage } from "./gallery-fixtures";
import type { GalleryItem } from "../../src/lib/gallery/schema";
import { useAdminSession } from "./admin-session";
import { galleryClient } from "./gallery-client";

const session = useAdminSession();
const { call, list } = galleryClient(session, "192.0.2.12");

beforeEach(async () => {
  for (const item of await list()) await call("DELETE", `/api/admin/gallery/${item.id}`);
});

async function uploaded(): Promise<string> {
  const response = await call(
    "POST",
    "/api/upload/image",
    imageForm(new Uint8Array(await pngImage()), "roof.png"),
  );
  expect(response.status).toBe(201);
  return ((await response.json()) as { imageUrl: string }).imageUrl;
}

const create = async (extra: Record<string, unknown>) =>
  call("POST", "/api/admin/gallery", {
    title: "Re-slated gable",
    imageUrl: await uploaded(),
    category: "repairs",
    ...extra,
  });

describe("gallery item area", () => {
  it("is stored from POST, returned by GET /api/gallery with the time it was added, and optional", async () => {
    const withTown = await create({ area: "stirling" });
    expect(withTown.status).toBe(201);
    expect(await withTown.json()).toMatchObject({ area: "stirling" });
    const without = await create({});
    expect(without.status).toBe(201);
    expect(await without.json()).not.toHaveProperty("area");

    const items = await list();
    expect(items.map((item) => item.area)).toEqual(["stirling", undefined]);
    for (const item of items) expect(Date.parse(item.createdAt ?? "")).not.toBeNaN();
  });

  it.each([["edinburgh-city"], ["Stirling"], [""], [42], [null]])(
    "refuses area %j on POST with 400 and stores nothing",
    async (area) => {
      const response = await create({ area });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { fieldErrors?: Record<string, string[]> };
      expect(body.fieldErrors?.area).toBeDefined();
      expect(await list()).toEqual([]);
    },
  );

  it("is set, kept, changed and removed by PUT; an unknown town is refused with 400", async () => {
    const item = (await (await create({})).json()) as GalleryItem;
    const put = (body: Record<string, unknown>) =>
      call("PUT", `/api/admin/gallery/${item.id}`, {
        title: "Re-slated gable",
        category: "repairs",
        ...body,
      });

    expect(await (await put({ area: "falkirk" })).json()).toMatchObject({ area: "falkirk" });
    // Absent: the town stays (an older client that knows nothing of towns loses nothing).
    expect(await (await put({ description: "Welsh slate" })).json()).toMatchObject({ area: "falkirk" });

    const refused = await put({ area: "atlantis" });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors.area).toEqual([
      "Please choose one of the towns we list",
    ]);
    expect((await list())[0]?.area).toBe("falkirk");

    expect(await (await put({ area: "glasgow" })).json()).toMatchObject({ area: "glasgow" });
    const cleared = await put({ area: null });
    expect(cleared.status).toBe(200);
    expect(await cleared.json()).not.toHaveProperty("area");
    expect((await list())[0]).not.toHaveProperty("area");
  });
});
