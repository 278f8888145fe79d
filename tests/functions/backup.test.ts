import { getStore, listStores } from "@netlify/blobs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { BlobsTarget } from "../../scripts/lib/backup-store.ts";
import { backup, restore, type Manifest } from "../../scripts/lib/blobs-backup.ts";
import { BACKED_UP_STORES, LEFT_OUT_STORES } from "../../scripts/lib/backup-scope.ts";
import { adminCookie, useAdminTestEnv } from "./admin-session.ts";
import { callApi } from "./api-client.ts";
import { startBlobs } from "./blobs.ts";
import { imageForm, jpegWithGps, pngImage } from "./gallery-fixtures.ts";
import { files, quoteRequest } from "./quote-fixtures.ts";

let blobs: Awaited<ReturnType<typeof startBlobs>>;
let target: BlobsTarget;
let workDir: string;

/** Every entry of every store: bytes (hex) and metadata, keyed `store:key`. */
async function snapshot(): Promise<Record<string, { bytes: string; metadata: unknown }>> {
  const result: Record<string, { bytes: string; metadata: unknown }> = {};
  for (const name of (await listStores()).stores) {
    const store = getStore({ name, consistency: "strong" });
    for (const { key } of (await store.list()).blobs) {
      const entry = await store.getWithMetadata(key, { type: "arrayBuffer" });
      result[`${name}:${key}`] = {
        bytes: Buffer.from(entry.data).toString("hex"),
        metadata: entry.metadata,
      };
    }
  }
  return result;
}

/** The entries a backup holds and a restore puts back: the backed-up stores but the audit log, which a restore adds to. */
const restorable = (state: Awaited<ReturnType<typeof snapshot>>) =>
  Object.fromEntries(
    Object.entries(state).filter(([key]) => {
      const store = key.split(":")[0]!;
      return BACKED_UP_STORES.includes(store) && store !== "admin-audit";
    }),
  );
const backedUp = (state: Awaited<ReturnType<typeof snapshot>>) =>
  Object.keys(state).filter((key) => BACKED_UP_STORES.includes(key.split(":")[0]!));

async function wipe(): Promise<void> {
  for (const name of (await listStores()).stores) {
    const store = getStore({ name, consistency: "strong" });
    for (const { key } of (await store.list()).blobs) await store.delete(key);
  }
}

beforeAll(async () => {
  useAdminTestEnv();
  blobs = await startBlobs();
  target = { ...blobs.context, description: "test Blobs server" };
  workDir = await mkdtemp(join(tmpdir(), "backup-test-"));

  // Quotes with attachments, an unfinished upload, a session, a failed login, gallery items and images.
  const handler = (await import("../../netlify/functions/contact.mts")).default;
  for (const attachments of [
    [{ name: "roof.jpg", bytes: files.jpeg(40_000) }],
    [
      { name: "survey.pdf", bytes: files.pdf(30_000) },
      { name: "Glen’s notes.docx", bytes: files.docx(10_000) },
    ],
  ]) {
    expect((await handler(quoteRequest({ attachments }))).status).toBe(201);
  }
  expect((await callApi("POST", "/api/uploads", { body: { name: "later.jpg", size: 1000 } })).status).toBe(
    201,
  );
  const cookie = await adminCookie();
  expect(
    (await callApi("POST", "/api/admin/login", { body: { password: "wrong" }, ip: "203.0.113.9" })).status,
  ).toBe(401);
  for (const [index, image] of [await jpegWithGps(), await pngImage()].entries()) {
    const upload = await callApi("POST", "/api/upload/image", { body: imageForm(image), cookie });
    expect(upload.status).toBe(201);
    const { imageUrl } = (await upload.json()) as { imageUrl: string };
    const item = await callApi("POST", "/api/admin/gallery", {
      body: {
        title: `Project ${index}`,
        description: "Slates",
        imageUrl,
        category: "repairs",
        displayOrder: 0,
      },
      cookie,
    });
    expect(item.status).toBe(201);
  }
});
afterAll(async () => {
  await blobs.stop();
  await rm(workDir, { recursive: true, force: true });
});

describe("npm run backup / npm run restore", () => {
  let before: Awaited<ReturnType<typeof snapshot>>;
  let dir: string;
  let manifest: Manifest;

  test("backs up the data stores with a manifest of SHA-256 sums and reports progress, leaving out sessions, throttles, quotas and uploads", async () => {
    before = await snapshot();
    expect(
      Object.values(before).filter((entry) => Object.keys(entry.metadata as object).length > 0).length,
    ).toBeGreaterThan(0);
    const storeNames = new Set(Object.keys(before).map((key) => key.split(":")[0]));
    expect([...storeNames].sort()).toEqual(
      expect.arrayContaining([
        "admin-login-throttle",
        "admin-sessions",
        "gallery",
        "gallery-images",
        "quote-submissions",
        "quote-uploads",
      ]),
    );
    dir = join(workDir, "one");
    const seen: number[] = [];
    manifest = await backup(target, dir, (done) => seen.push(done));
    const total = backedUp(before).length;
    expect(seen.at(-1)).toBe(total);
    expect(manifest.stores.flatMap((store) => store.entries)).toHaveLength(total);
    const inBackup = manifest.stores.map((store) => store.name);
    for (const name of ["admin-sessions", "admin-login-throttle", "abuse-limits", "quote-uploads"]) {
      expect(Object.keys(LEFT_OUT_STORES)).toContain(name);
      expect(inBackup).not.toContain(name);
    }
    expect(JSON.parse(await readFile(join(dir, "manifest.json"), "utf8"))).toEqual(manifest);
    const attachment = manifest.stores
      .find((store) => store.name === "quote-submissions")!
      .entries.find((entry) => entry.data.size === 40_000)!;
    expect(attachment.data.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  test("refuses to write into a folder that is not empty", async () => {
    await expect(backup(target, dir)).rejects.toThrow(/not empty/);
  });

  test("restores a wiped site byte for byte, metadata included", async () => {
    await wipe();
    expect(Object.keys(await snapshot())).toHaveLength(0);
    const result = await restore(target, dir);
    const expected = backedUp(before).length;
    expect(result).toEqual({ written: expected, unchanged: 0, kept: [], erased: 0, leftOut: [] });
    const after = await snapshot();
    expect(restorable(after)).toEqual(restorable(before));
    // Sessions, throttles and unfinished uploads stay gone; the restore is in the audit log.
    expect(Object.keys(after).filter((key) => !BACKED_UP_STORES.includes(key.split(":")[0]!))).toEqual([]);
    const restores = Object.entries(after).filter(
      ([key, entry]) =>
        key.startsWith("admin-audit:") && Buffer.from(entry.bytes, "hex").toString().includes('"restore"'),
    );
    expect(restores).toHaveLength(1);
    // The restored site works: the gallery and the quotes read back through the handlers.
    expect(((await (await callApi("GET", "/api/gallery")).json()) as unknown[]).length).toBe(2);
  });

  test("keeps entries changed after the backup unless --force, and writes back deleted ones", async () => {
    const store = getStore({ name: "gallery", consistency: "strong" });
    await store.setJSON("index", { changed: "after the backup" });
    const images = getStore({ name: "gallery-images", consistency: "strong" });
    const deleted = (await images.list()).blobs[0]!.key;
    await images.delete(deleted);

    const kept = await restore(target, dir);
    expect(kept.kept).toEqual([{ store: "gallery", key: "index" }]);
    expect(kept.written).toBe(1);
    expect(await store.get("index", { type: "json" })).toEqual({ changed: "after the backup" });
    expect(Buffer.from(await images.get(deleted, { type: "arrayBuffer" })).toString("hex")).toBe(
      before[`gallery-images:${deleted}`]!.bytes,
    );

    const forced = await restore(target, dir, { force: true });
    expect(forced).toMatchObject({ written: 1, kept: [] });
    expect(restorable(await snapshot())).toEqual(restorable(before));
  });

  test("refuses a damaged backup and writes nothing", async () => {
    const entry = manifest.stores.find((store) => store.name === "quote-submissions")!.entries[0]!;
    const path = join(dir, entry.data.file);
    const original = await readFile(path);
    const damaged = Buffer.from(original);
    damaged[0] = damaged[0]! ^ 0xff;
    await writeFile(path, damaged);
    await wipe();
    await expect(restore(target, dir)).rejects.toThrow(/damaged.*\n.*does not match its SHA-256/);
    expect(Object.keys(await snapshot())).toHaveLength(0);
    await writeFile(path, original);
  });
});
