/**
 * The local Blobs server that `npm start` and the tests run on (@netlify/blobs 11.1.1, as
 * published) lists a store by walking its folders, and its listing is wrong beside writes: it ends
 * early, silently, at an entry gone between the folder's read and the entry's look-up (a write's
 * temporary file renamed away meanwhile), and it names a write's temporary file (`.{random}`) as a
 * key (docs/workarounds.md). The code never trusts such a listing for the owner's bytes: a backup
 * takes its keys from its own tables, and every delete takes its keys from a record.
 *
 * First beside real writes, then with what a write leaves for an instant made to stay in every
 * folder the code works in: a temporary file never renamed (as a write interrupted between writing
 * and renaming leaves it) and entries gone before their look-up (links to nothing: the folder's read
 * names them, the look-up finds nothing). Each listing of those folders stumbles on them, so a
 * listing trusted anywhere here misses keys or names a stranger; what is checked is read from the
 * disk, not from a listing.
 */
import { getStore } from "@netlify/blobs";
import { randomUUID } from "node:crypto";
import { mkdir, mkdtemp, readdir, rm, symlink, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { backup, type Manifest } from "../../scripts/lib/blobs-backup.ts";
import { deleteImage } from "../../netlify/lib/gallery/gallery-images-store.ts";
import {
  ATTACHMENT_STORE,
  attachmentKey,
  deleteAttachments,
  saveAttachment,
} from "../../netlify/lib/quote/attachment-store.ts";
import { cleanupOrphanAttachments, ORPHAN_GRACE_MS } from "../../netlify/lib/quote/orphans.ts";
import { readQuote } from "../../netlify/lib/quote/quote-store.ts";
import { cleanupExpiredUploads } from "../../netlify/lib/uploads/uploads.ts";
import { UPLOAD_PART_BYTES, UPLOAD_TTL_MS } from "../../src/lib/quote/upload.ts";
import { imageIdFromUrl } from "../../src/lib/gallery/images.ts";
import { adminCookie, useAdminTestEnv } from "./admin-session.ts";
import { callApi } from "./api-client.ts";
import { backupTarget, useBlobs } from "./blobs.ts";
import { queryRecords } from "./database.ts";
import { imageForm, jpegWithGps } from "./gallery-fixtures.ts";
import { files, nextVisitorIp, quoteRequest } from "./quote-fixtures.ts";
import contact from "../../netlify/functions/contact.mts";

const blobs = useBlobs();
let workDir: string;
/** Lead id → its attachment keys; image id → its keys, for the leads and images stored first. */
const leadKeys = new Map<string, string[]>();
const imageKeysById = new Map<string, string[]>();

beforeAll(async () => {
  useAdminTestEnv();
  workDir = await mkdtemp(join(tmpdir(), "local-blobs-test-"));
  for (let n = 0; n < 3; n++) {
    const response = await contact(
      quoteRequest({
        clientIp: nextVisitorIp(),
        attachments: [
          { name: "roof.jpg", bytes: files.jpeg(3000 + n) },
          { name: "survey.pdf", bytes: files.pdf(2000 + n) },
          { name: "notes.docx", bytes: files.docx(1500 + n) },
        ],
      }),
    );
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const quote = await readQuote(id);
    leadKeys.set(
      id,
      quote!.attachments.map((attachment) => attachmentKey(id, attachment.id)),
    );
  }
  const cookie = await adminCookie();
  for (let n = 0; n < 2; n++) {
    const upload = await callApi("POST", "/api/upload/image", {
      body: imageForm(await jpegWithGps(1600, 1200)),
      cookie,
    });
    expect(upload.status).toBe(201);
    const { imageUrl } = (await upload.json()) as { imageUrl: string };
    const item = await callApi("POST", "/api/admin/gallery", {
      body: { title: `Project ${n}`, description: "Slates", imageUrl, category: "repairs", displayOrder: 0 },
      cookie,
    });
    expect(item.status).toBe(201);
    const id = imageIdFromUrl(imageUrl)!;
    // As stored: the full image and its smaller copies.
    const names = await readdir(folderOf("gallery-images", id));
    expect(names).toContain("full");
    expect(names.length).toBeGreaterThan(1);
    imageKeysById.set(
      id,
      names.map((name) => `${id}/${name}`),
    );
  }
}, 60_000);
afterAll(() => rm(workDir, { recursive: true, force: true }));

/** The folder on the server's disk that holds the keys under `folder` of store `store`. */
const folderOf = (store: string, folder: string) =>
  join(
    blobs.directory,
    "entries",
    blobs.context.siteID,
    `site:${store}`,
    ...folder.split("/").filter(Boolean),
  );

const TEMPORARY_FILE = ".k3j5x9q2ab";
const isPlanted = (name: string) => name === TEMPORARY_FILE || name.startsWith("!gone-");

/** What is in `folder` of `store` on disk, the planted entries left out. */
async function onDisk(store: string, folder: string): Promise<string[]> {
  const names = await readdir(folderOf(store, folder)).catch(() => []);
  return names.filter((name) => !isPlanted(name)).sort();
}

/**
 * Leaves in `folder` of `store` a write's temporary file and an entry gone before its look-up, the
 * latter where the folder's read names it before every entry already there (the order is the file
 * system's: names are tried until one comes first), so a listing that walks the folder meets it
 * before anything else.
 */
async function plant(store: string, folder: string): Promise<void> {
  const dir = folderOf(store, folder);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, TEMPORARY_FILE), "half written");
  // Names are tried 500 at a time; those the read does not give first go again.
  for (let batch = 0; batch < 200; batch++) {
    const tried = Array.from({ length: 500 }, (_, n) => `!gone-${batch}-${n}`);
    const present = new Set(await readdir(dir));
    if (tried.some((name) => present.has(name))) continue;
    await Promise.all(tried.map((name) => symlink(join(dir, `${name}.renamed-away`), join(dir, name))));
    const names = await readdir(dir);
    const first = names.findIndex((entry) => !isPlanted(entry));
    const ahead = new Set(first === -1 ? names : names.slice(0, first));
    await Promise.all(tried.filter((name) => !ahead.has(name)).map((name) => unlink(join(dir, name))));
    if (tried.some((name) => ahead.has(name))) return;
  }
  throw new Error(`No name comes first in ${dir}`);
}

const storeKeys = (manifest: Manifest, name: string) =>
  manifest.stores.find((store) => store.name === name)?.entries.map((entry) => entry.key) ?? [];
const expectedAttachmentKeys = () => [...leadKeys.values()].flat().sort();
const expectedImageKeys = () => [...imageKeysById.values()].flat().sort();

describe("beside writes", () => {
  test("a backup taken while files are written holds every file its rows name, and nothing else", async () => {
    // Attachments of quotes being committed, three at a time, each under a new lead id, and a
    // retry's extra file in a stored lead's folder: every write leaves its temporary file for an
    // instant in a folder a listing of the store walks.
    const retried = [...leadKeys.keys()].at(-1)!;
    const extra = { id: "4", name: "extra.jpg", size: 10, type: "image/jpeg" };
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        await Promise.all([
          ...[0, 1, 2].map(async () => {
            const id = randomUUID();
            await saveAttachment(id, { ...extra, id: "1" }, files.jpeg(10));
          }),
          saveAttachment(retried, extra, files.jpeg(10)),
        ]);
        written += 4;
      }
    })();
    try {
      for (let n = 0; n < 4; n++) {
        const manifest = await backup(backupTarget(blobs), join(workDir, `during-${n}`));
        expect(storeKeys(manifest, ATTACHMENT_STORE)).toEqual(expectedAttachmentKeys());
        expect(storeKeys(manifest, "gallery-images")).toEqual(expectedImageKeys());
      }
    } finally {
      writing = false;
      await writer;
    }
    expect(written).toBeGreaterThan(0);
  }, 60_000);
});

describe("with a write's leftovers in every folder", () => {
  beforeAll(async () => {
    await plant(ATTACHMENT_STORE, "");
    await plant(ATTACHMENT_STORE, "attachments");
    for (const id of leadKeys.keys()) await plant(ATTACHMENT_STORE, `attachments/${id}`);
    await plant("gallery-images", "");
    for (const id of imageKeysById.keys()) await plant("gallery-images", id);
  });

  test("a backup holds every file its rows name, and nothing else", async () => {
    const manifest = await backup(backupTarget(blobs), join(workDir, "planted"));
    expect(storeKeys(manifest, ATTACHMENT_STORE)).toEqual(expectedAttachmentKeys());
    expect(storeKeys(manifest, "gallery-images")).toEqual(expectedImageKeys());
  });

  test("erasing a lead's files deletes every one", async () => {
    const [id, keys] = [...leadKeys.entries()][0]!;
    expect(await onDisk(ATTACHMENT_STORE, `attachments/${id}`)).toHaveLength(keys.length);
    await deleteAttachments(id);
    expect(await onDisk(ATTACHMENT_STORE, `attachments/${id}`)).toEqual([]);
    expect(await queryRecords("SELECT 1 FROM attachment_files WHERE lead_id = $1", [id])).toEqual([]);
  });

  test("deleting an image deletes it and every copy", async () => {
    const [id] = [...imageKeysById.keys()];
    expect(await onDisk("gallery-images", id!)).toEqual(
      imageKeysById
        .get(id!)!
        .map((key) => key.slice(id!.length + 1))
        .sort(),
    );
    await deleteImage(id!);
    expect(await onDisk("gallery-images", id!)).toEqual([]);
  });

  test("the orphan clean-up deletes every file of a commit that never came", async () => {
    const id = randomUUID();
    for (const n of ["1", "2", "3"])
      await saveAttachment(
        id,
        { id: n, name: `f${n}.pdf`, size: 100, type: "application/pdf" },
        files.pdf(100),
      );
    await plant(ATTACHMENT_STORE, "");
    await plant(ATTACHMENT_STORE, "attachments");
    await plant(ATTACHMENT_STORE, `attachments/${id}`);
    const now = Date.now();
    expect(await cleanupOrphanAttachments(now)).toBe(0);
    expect(await onDisk(ATTACHMENT_STORE, `attachments/${id}`)).toEqual(["1", "2", "3"]);
    expect(await cleanupOrphanAttachments(now + ORPHAN_GRACE_MS)).toBeGreaterThanOrEqual(1);
    expect(await onDisk(ATTACHMENT_STORE, `attachments/${id}`)).toEqual([]);
  });

  test("the upload clean-up deletes every part and the file of an expired upload", async () => {
    const size = UPLOAD_PART_BYTES + 10;
    const created = await callApi("POST", "/api/uploads", { body: { name: "big.pdf", size } });
    expect(created.status).toBe(201);
    const { uploadId } = (await created.json()) as { uploadId: string };
    const parts = getStore({ name: "quote-uploads", consistency: "strong" });
    // Its two parts and a file, as a completed upload whose parts were not yet deleted has them.
    for (const part of ["001", "002"]) await parts.set(`parts/${uploadId}/${part}`, "bytes");
    await parts.set(`files/${uploadId}`, "bytes");
    for (const folder of ["", "parts", `parts/${uploadId}`, "files"]) await plant("quote-uploads", folder);
    expect(await onDisk("quote-uploads", `parts/${uploadId}`)).toEqual(["001", "002"]);

    const { finished } = await cleanupExpiredUploads(Date.now() + UPLOAD_TTL_MS + 60_000);
    expect(finished).toBe(true);
    expect(await onDisk("quote-uploads", `parts/${uploadId}`)).toEqual([]);
    expect((await onDisk("quote-uploads", "files")).filter((name) => name === uploadId)).toEqual([]);
    expect(await queryRecords("SELECT 1 FROM uploads WHERE id = $1", [uploadId])).toEqual([]);
  });
});
