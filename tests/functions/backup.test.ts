/**
 * npm run backup / npm run restore against a real PostgreSQL and a real Blobs server: every table of
 * the owner's records and every byte of the backed-up stores, with SHA-256 sums; a round trip into
 * an empty database and empty Blobs gives the same table files and bytes.
 */
import { getStore, listStores } from "@netlify/blobs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { backup, restore, type BackupTarget, type Manifest } from "../../scripts/lib/blobs-backup.ts";
import { BACKED_UP_STORES, LEFT_OUT_STORES, LEFT_OUT_TABLES } from "../../scripts/lib/backup-scope.ts";
import { backedUpTables } from "../../scripts/lib/database-backup.ts";
import { adminCookie, useAdminTestEnv } from "./admin-session.ts";
import { callApi } from "./api-client.ts";
import { backupTarget, useBlobs } from "./blobs.ts";
import { clearRecords, queryRecords } from "./database.ts";
import { imageForm, jpegWithGps, pngImage } from "./gallery-fixtures.ts";
import { files, quoteRequest } from "./quote-fixtures.ts";

let target: BackupTarget;
let workDir: string;

/** Every table the migrations create but those left out: a table added later is in the backup with no change here. */
const TABLES = backedUpTables();

/** The backup's table files, by table name. */
async function tableFiles(dir: string, manifest: Manifest): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const table of manifest.database!.tables)
    result[table.name] = await readFile(join(dir, table.file.file), "utf8");
  return result;
}

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

/** The entries a backup holds and a restore puts back: the backed-up stores. */
const restorable = (state: Awaited<ReturnType<typeof snapshot>>) =>
  Object.fromEntries(Object.entries(state).filter(([key]) => BACKED_UP_STORES.includes(key.split(":")[0]!)));
const backedUp = (state: Awaited<ReturnType<typeof snapshot>>) =>
  Object.keys(state).filter((key) => BACKED_UP_STORES.includes(key.split(":")[0]!));

/** Everything gone: every Blobs entry and every row. */
async function wipe(): Promise<void> {
  for (const name of (await listStores()).stores) {
    const store = getStore({ name, consistency: "strong" });
    for (const { key } of (await store.list()).blobs) await store.delete(key);
  }
  await clearRecords({ everything: true });
}

const rowCount = async (table: string) =>
  Number((await queryRecords<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n);

const blobs = useBlobs();
beforeAll(async () => {
  useAdminTestEnv();
  target = backupTarget(blobs);
  workDir = await mkdtemp(join(tmpdir(), "backup-test-"));

  // Quotes with attachments, an unfinished upload, a session, a failed login, gallery items and images.
  const handler = (await import("../../netlify/functions/contact.mts")).default;
  const ids: string[] = [];
  for (const attachments of [
    [{ name: "roof.jpg", bytes: files.jpeg(40_000) }],
    [
      { name: "survey.pdf", bytes: files.pdf(30_000) },
      { name: "Glen’s notes.docx", bytes: files.docx(10_000) },
    ],
  ]) {
    const response = await handler(quoteRequest({ attachments }));
    expect(response.status).toBe(201);
    ids.push(((await response.json()) as { id: string }).id);
  }
  expect((await callApi("POST", "/api/uploads", { body: { name: "later.jpg", size: 1000 } })).status).toBe(
    201,
  );
  const cookie = await adminCookie();
  // A lead the owner worked (its row's version goes up), and a morning digest's day record.
  const changed = await callApi("PATCH", `/api/admin/contact-submissions/${ids[0]}`, {
    body: { status: "contacted", note: "Rang back, visiting Tuesday" },
    cookie,
  });
  expect(changed.status, await changed.clone().text()).toBe(200);
  await queryRecords(
    "INSERT INTO owner_digests (day, state, attempts, updated_at, items) VALUES ('2026-11-20', 'sent', 1, now(), 3)",
  );
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
afterAll(() => rm(workDir, { recursive: true, force: true }));

describe("npm run backup / npm run restore", () => {
  let before: Awaited<ReturnType<typeof snapshot>>;
  let dir: string;
  let manifest: Manifest;
  let tablesBefore: Record<string, string>;

  test("backs up every table and the bytes with a manifest of SHA-256 sums and reports progress, leaving out sessions, throttles, quotas and uploads", async () => {
    before = await snapshot();
    expect(
      Object.values(before).filter((entry) => Object.keys(entry.metadata as object).length > 0).length,
    ).toBeGreaterThan(0);
    const storeNames = new Set(Object.keys(before).map((key) => key.split(":")[0]));
    expect([...storeNames].sort()).toEqual(expect.arrayContaining(["gallery-images", "quote-submissions"]));
    dir = join(workDir, "one");
    const seen: string[] = [];
    manifest = await backup(target, dir, (done, total, name) => seen.push(`${name} ${done}/${total}`));
    const total = backedUp(before).length;
    expect(seen.at(-1)).toMatch(new RegExp(` ${total}/${total}$`));
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

    // Sessions, throttles and quotas are rows of tables the backup leaves out.
    expect(await rowCount("admin_sessions")).toBeGreaterThan(0);
    expect(await rowCount("limit_charges")).toBeGreaterThan(0);
    for (const table of Object.keys(LEFT_OUT_TABLES))
      expect(manifest.database!.tables.map((t) => t.name)).not.toContain(table);

    // Every table of the migrations, in an order that loads leads before their e-mails, as
    // database/<table>.jsonl with its row count and SHA-256; local_migrations is not the owner's.
    const tables = manifest.database!.tables;
    expect(tables.map((table) => table.name).sort()).toEqual([...TABLES].sort());
    expect(TABLES).toEqual(
      expect.arrayContaining([
        "leads",
        "mail_jobs",
        "idempotency_keys",
        "erased_leads",
        "activity_log",
        "owner_digests",
      ]),
    );
    expect(TABLES).not.toContain("local_migrations");
    expect(tables.findIndex((t) => t.name === "leads")).toBeLessThan(
      tables.findIndex((t) => t.name === "mail_jobs"),
    );
    for (const table of tables) {
      expect(table.file.file).toBe(`database/${table.name}.jsonl`);
      expect(table.file.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(table.rows).toBe(await rowCount(table.name));
    }
    tablesBefore = await tableFiles(dir, manifest);
    const leads = tablesBefore
      .leads!.trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(leads).toHaveLength(2);
    expect(leads.map((lead) => lead.id)).toEqual([...leads.map((lead) => lead.id as string)].sort());
    expect(leads.some((lead) => lead.status === "contacted" && (lead.version as number) > 1)).toBe(true);
    expect(tablesBefore.mail_jobs!.trim().split("\n")).toHaveLength(4);
    expect(tablesBefore.owner_digests).toContain('"2026-11-20"');
    expect(tablesBefore.gallery_items!.trim().split("\n")).toHaveLength(2);
    expect(tablesBefore.activity_log).toContain('"sign-in"');
  });

  test("refuses to write into a folder that is not empty", async () => {
    await expect(backup(target, dir)).rejects.toThrow(/not empty/);
  });

  test("round trip: an empty database and empty Blobs restored, then backed up again, give the same table files and bytes", async () => {
    await wipe();
    expect(Object.keys(await snapshot())).toHaveLength(0);
    for (const table of TABLES) expect(await rowCount(table)).toBe(0);
    const result = await restore(target, dir);
    const expected = backedUp(before).length;
    expect(result).toMatchObject({ written: expected, unchanged: 0, kept: [], erased: 0, leftOut: [] });
    for (const table of result.tables) {
      expect(table).toMatchObject({
        written: tablesBefore[table.table]!.split("\n").length - 1,
        newer: 0,
        erased: 0,
        kept: [],
      });
    }
    const after = await snapshot();
    expect(restorable(after)).toEqual(restorable(before));
    // Sessions, throttles and unfinished uploads stay gone.
    expect(Object.keys(after).filter((key) => !BACKED_UP_STORES.includes(key.split(":")[0]!))).toEqual([]);
    for (const table of Object.keys(LEFT_OUT_TABLES)) expect(await rowCount(table)).toBe(0);

    const again = join(workDir, "again");
    const second = await backup(target, again);
    const tablesAfter = await tableFiles(again, second);
    // The restore is in the activity log, after the events it brought back (the key sequence follows them).
    const restores = await queryRecords<{ id: string; count: number }>(
      "SELECT id, count FROM activity_log WHERE event = 'restore'",
    );
    expect(restores).toHaveLength(1);
    expect(restores[0]!.count).toBe(
      expected + manifest.database!.tables.reduce((sum, table) => sum + table.rows, 0),
    );
    const lastLine = tablesAfter.activity_log!.trim().split("\n").at(-1)!;
    expect(JSON.parse(lastLine)).toMatchObject({ event: "restore", id: Number(restores[0]!.id) });
    expect({ ...tablesAfter, activity_log: tablesAfter.activity_log!.replace(`${lastLine}\n`, "") }).toEqual(
      tablesBefore,
    );
    for (const [index, store] of second.stores.entries()) {
      expect(store.entries.map((e) => [e.key, e.data.sha256, e.metadata.sha256])).toEqual(
        manifest.stores[index]!.entries.map((e) => [e.key, e.data.sha256, e.metadata.sha256]),
      );
    }

    // The restored site works: the gallery and the leads read back through the handlers.
    expect(((await (await callApi("GET", "/api/gallery")).json()) as unknown[]).length).toBe(2);
    const cookie = await adminCookie();
    const list = await callApi("GET", "/api/admin/contact-submissions", { cookie });
    expect(list.status).toBe(200);
    expect(((await list.json()) as unknown[]).length).toBe(2);
  });

  test("restoring again changes nothing: every row and entry is already there", async () => {
    const result = await restore(target, dir);
    expect(result).toMatchObject({ written: 0, kept: [], erased: 0 });
    for (const table of result.tables) {
      if (table.table === "activity_log") continue; // sign-ins since the backup have taken its keys
      expect(table).toMatchObject({ written: 0, newer: 0, kept: [] });
    }
  });

  test("keeps entries and rows changed after the backup unless --force, and writes back deleted ones", async () => {
    const images = getStore({ name: "gallery-images", consistency: "strong" });
    const [deleted, changed] = (await images.list()).blobs.map((blob) => blob.key);
    await images.delete(deleted!);
    await images.set(changed!, "changed after the backup");
    // A lead changed after the backup (a higher version) stays; a lead rolled back by someone
    // (a lower version than the backup's) is kept too, but --force brings the backup's back.
    // `older`: the lead the owner worked before the backup (version 2 or more there).
    const [older, newer] = (
      await queryRecords<{ id: string }>("SELECT id FROM leads ORDER BY version DESC, id")
    ).map((r) => r.id);
    await queryRecords(
      "UPDATE leads SET message = 'Changed after the backup', version = version + 5 WHERE id = $1",
      [newer],
    );
    const backupVersion = (
      await queryRecords<{ version: number }>("SELECT version FROM leads WHERE id = $1", [older])
    )[0]!.version;
    await queryRecords(
      "UPDATE leads SET message = 'Rolled back', version = 1, status = 'new' WHERE id = $1",
      [older],
    );
    // An e-mail sent since the backup is never set back to pending.
    await queryRecords(
      "UPDATE mail_jobs SET status = 'sent', sent_at = now(), attempts = 1 WHERE lead_id = $1",
      [newer],
    );

    const kept = await restore(target, dir);
    expect(kept.kept).toEqual([{ store: "gallery-images", key: changed }]);
    expect(kept.written).toBe(1);
    expect(await images.get(changed!, { type: "text" })).toBe("changed after the backup");
    expect(Buffer.from(await images.get(deleted!, { type: "arrayBuffer" })).toString("hex")).toBe(
      before[`gallery-images:${deleted}`]!.bytes,
    );
    const leads = kept.tables.find((table) => table.table === "leads")!;
    expect(backupVersion).toBeGreaterThan(1);
    expect(leads.kept).toEqual([older]);
    expect(leads.newer).toBe(1);
    expect(kept.tables.find((table) => table.table === "mail_jobs")!.newer).toBe(2);

    const forced = await restore(target, dir, { force: true });
    expect(forced).toMatchObject({ written: 1, kept: [] });
    expect(restorable(await snapshot())).toEqual(restorable(before));
    const rows = await queryRecords<{ id: string; message: string; version: number }>(
      "SELECT id, message, version FROM leads ORDER BY id",
    );
    expect(rows.find((row) => row.id === newer)!.message).toBe("Changed after the backup");
    expect(rows.find((row) => row.id === older)).toMatchObject({ version: backupVersion });
    expect(forced.tables.find((table) => table.table === "leads")).toMatchObject({
      written: 1,
      kept: [],
      newer: 1,
    });
    expect(
      (
        await queryRecords<{ status: string }>("SELECT status FROM mail_jobs WHERE lead_id = $1", [newer])
      ).map((r) => r.status),
    ).toEqual(["sent", "sent"]);
  });

  test("refuses a damaged backup and writes nothing", async () => {
    for (const file of [
      manifest.stores.find((store) => store.name === "quote-submissions")!.entries[0]!.data.file,
      manifest.database!.tables.find((table) => table.name === "leads")!.file.file,
    ]) {
      const path = join(dir, file);
      const original = await readFile(path);
      const damaged = Buffer.from(original);
      damaged[0] = damaged[0]! ^ 0xff;
      await writeFile(path, damaged);
      await wipe();
      await expect(restore(target, dir)).rejects.toThrow(/damaged.*\n.*does not match its SHA-256/);
      expect(Object.keys(await snapshot())).toHaveLength(0);
      for (const table of TABLES) expect(await rowCount(table)).toBe(0);
      await writeFile(path, original);
    }
  });
});
