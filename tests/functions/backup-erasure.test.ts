/**
 * Backups and erasure (docs/security.md, "Backups and erasure") against a real PostgreSQL and a real
 * Blobs server: an erased lead leaves a tombstone with no personal data, a restore never brings its
 * row, its e-mails, its idempotency key or its attachment files back (tombstone in the database or in
 * the backup), refuses a manifest that leads outside its folder or names an unknown store or table,
 * refuses a backup older than the retention period, and `npm run backup:prune` deletes old backups.
 */
import { getStore } from "@netlify/blobs";
import type { Context } from "@netlify/functions";
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import contact from "../../netlify/functions/contact.mts";
import submission from "../../netlify/functions/admin-contact-submission.mts";
import { eraseExpiredLeads } from "../../netlify/lib/desk/retention.ts";
import { erasedLeadIds } from "../../netlify/lib/quote/tombstone-store.ts";
import { BACKUP_RETENTION_DAYS } from "../../src/lib/backups.ts";
import { LEAD_RETENTION_MONTHS } from "../../src/lib/lead-model.ts";
import {
  backup,
  pruneBackups,
  restore,
  type BackupTarget,
  type Manifest,
} from "../../scripts/lib/blobs-backup.ts";
import { adminCookie, TEST_ORIGIN, useAdminTestEnv } from "./admin-session.ts";
import { backupTarget, useBlobs } from "./blobs.ts";
import { clearRecords, queryRecords } from "./database.ts";
import { files, quoteRequest, VALID_FIELDS } from "./quote-fixtures.ts";

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, "..", "..");

let target: BackupTarget;
let work: string;
let cookie: string;

const submissions = () => getStore({ name: "quote-submissions", consistency: "strong" });
const keysOf = async (name: string) =>
  (await getStore({ name, consistency: "strong" }).list()).blobs.map((b) => b.key);

let clients = 0;
async function storeQuote(email: string) {
  clients += 1;
  const response = await contact(
    quoteRequest({
      fields: { email },
      attachments: [{ name: "roof.jpg", bytes: files.jpeg(20_000) }],
      idempotencyKey: `backup-erasure-${clients}-0123456789`,
    }),
    { ip: `198.51.100.${clients}` } as unknown as Context,
  );
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; reference: string };
}

/** A quote stored from `name`.…@example.co.uk, then a backup of everything into `folder` of the work area. */
async function quoteBackedUp(name: string, folder: string) {
  const lead = await storeQuote(`${name}.${Date.now()}@example.co.uk`);
  const dir = join(work, folder);
  const manifest = await backup(target, dir);
  return { lead, dir, manifest };
}

const erase = (id: string) =>
  submission(
    new Request(`${TEST_ORIGIN}/api/admin/contact-submissions/${id}`, {
      method: "DELETE",
      headers: { cookie, Origin: TEST_ORIGIN },
    }),
    { params: { id } } as unknown as Context,
  );

/** Tables whose rows are a lead's data: its row, its e-mails, its retry key. */
const LEAD_TABLES = { leads: "id", mail_jobs: "lead_id", idempotency_keys: "lead_id" } as const;

/**
 * Everything of lead `id`: every key of the attachment store that names it (by key or in its
 * value), and every row of its own tables (`table:n`).
 */
async function traces(id: string): Promise<string[]> {
  const found: string[] = [];
  for (const key of await keysOf("quote-submissions")) {
    const bytes = await submissions().get(key, { type: "arrayBuffer" });
    if (key.includes(id) || Buffer.from(bytes).toString("latin1").includes(id)) found.push(key);
  }
  for (const [table, column] of Object.entries(LEAD_TABLES)) {
    const rows = await queryRecords(`SELECT 1 FROM ${table} WHERE ${column} = $1`, [id]);
    found.push(...rows.map((_, n) => `${table}:${n}`));
  }
  return found.sort();
}

const tombstones = () =>
  queryRecords<{ lead_id: string; erased_at: Date; erased_by: string }>("SELECT * FROM erased_leads");

const blobs = useBlobs();
beforeAll(async () => {
  useAdminTestEnv();
  target = backupTarget(blobs);
  work = mkdtempSync(join(tmpdir(), "backup-erasure-"));
  cookie = await adminCookie();
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("erasure and restore", () => {
  test("an erased lead leaves a tombstone and never comes back from a backup: row, e-mails, retry key, attachments", async () => {
    const kept = await storeQuote(`kept.${Date.now()}@example.co.uk`);
    const gone = await storeQuote(`gone.${Date.now()}@example.co.uk`);
    // Its row, two e-mails, its retry key and its attachment.
    expect(await traces(gone.id)).toEqual([
      expect.stringMatching(/^attachments\//),
      "idempotency_keys:0",
      "leads:0",
      "mail_jobs:0",
      "mail_jobs:1",
    ]);
    const dir = join(work, "before-erasure");
    await backup(target, dir);

    expect((await erase(gone.id)).status).toBe(204);
    expect(await traces(gone.id)).toEqual([]);
    // The tombstone: the id, the date and who erased it, nothing personal.
    expect(await erasedLeadIds()).toContain(gone.id);
    const tombstone = (await tombstones()).find((row) => row.lead_id === gone.id)!;
    expect(Object.keys(tombstone).sort()).toEqual(["erased_at", "erased_by", "lead_id"]);
    expect(tombstone.erased_by).toBe("owner");
    expect(JSON.stringify(tombstone)).not.toMatch(/gone\.|example\.co\.uk|MacLeod|Q-/);

    // The kept lead is lost meanwhile (say, by mistake): the restore brings it back, and only it.
    const keptTraces = await traces(kept.id);
    await submissions().delete(keptTraces.find((key) => key.startsWith("attachments/"))!);
    await queryRecords("DELETE FROM leads WHERE id = $1", [kept.id]);
    await queryRecords("DELETE FROM idempotency_keys WHERE lead_id = $1", [kept.id]);
    const result = await restore(target, dir);
    expect(result.erased).toBe(1);
    const erasedRows = Object.fromEntries(result.tables.map((table) => [table.table, table.erased]));
    expect(erasedRows).toMatchObject({ leads: 1, mail_jobs: 2, idempotency_keys: 1 });
    expect(await traces(gone.id)).toEqual([]);
    expect(await traces(kept.id)).toEqual(keptTraces);

    // Forced, too.
    const forced = await restore(target, dir, { force: true });
    expect(forced.erased).toBe(result.erased);
    expect(await traces(gone.id)).toEqual([]);
  });

  test("attachment files that outlived an erasure are neither backed up nor restored", async () => {
    const { lead, dir } = await quoteBackedUp("files", "with-files");
    const [file] = (await traces(lead.id)).filter((key) => key.startsWith("attachments/"));
    const bytes = await submissions().get(file!, { type: "arrayBuffer" });
    expect((await erase(lead.id)).status).toBe(204);
    // The erasure's deletion of the bytes failed half way: the file is still there.
    await submissions().set(file!, bytes);
    const later = join(work, "after-erasure");
    const manifest = await backup(target, later);
    expect(manifest.stores.flatMap((store) => store.entries.map((entry) => entry.key))).not.toContain(file);
    await submissions().delete(file!);
    await restore(target, dir);
    expect(await traces(lead.id)).toEqual([]);
  });

  test("a lead erased by the retention period leaves a tombstone as well, and stays erased on restore", async () => {
    const { lead: old, dir } = await quoteBackedUp("old", "before-retention");
    // The retention run as it will be once this quote is past the retention period.
    const later = Date.now() + (LEAD_RETENTION_MONTHS + 1) * 31 * 24 * 60 * 60 * 1000;
    expect((await eraseExpiredLeads({ now: later })).erased).toBeGreaterThanOrEqual(1);
    expect(await erasedLeadIds()).toContain(old.id);
    expect(await traces(old.id)).toEqual([]);
    expect((await tombstones()).find((row) => row.lead_id === old.id)?.erased_by).toBe("retention");
    await restore(target, dir);
    expect(await traces(old.id)).toEqual([]);
  });

  test("restoring the newest backup first brings the tombstones back, so an older one cannot bring the lead back", async () => {
    const { lead, dir: first } = await quoteBackedUp("twice", "with-lead");
    expect((await erase(lead.id)).status).toBe(204);
    const second = join(work, "with-tombstone");
    await backup(target, second);
    // Everything is lost; the newer backup goes back first, then the older one.
    for (const key of await keysOf("quote-submissions")) await submissions().delete(key);
    await clearRecords();
    await restore(target, second);
    expect((await tombstones()).map((row) => row.lead_id)).toContain(lead.id);
    await restore(target, first);
    expect(await traces(lead.id)).toEqual([]);
  });

  test("the backup's own tombstones guard its rows, even when the database has forgotten them", async () => {
    const { lead, dir, manifest } = await quoteBackedUp("own", "own-tombstone");
    // A copy of that backup whose erased_leads names the lead (as a backup taken just after an
    // erasure that raced the backup's snapshot would): the database knows no tombstone for it.
    const copy = join(work, "own-tombstone-copy");
    cpSync(dir, copy, { recursive: true });
    const table = manifest.database!.tables.find((t) => t.name === "erased_leads")!;
    const line = `${JSON.stringify({ lead_id: lead.id, erased_at: "2026-11-25T10:00:00+00:00", erased_by: "owner" })}\n`;
    const text = readFileSync(join(copy, table.file.file), "utf8") + line;
    writeFileSync(join(copy, table.file.file), text);
    const edited = structuredClone(manifest);
    const sum = edited.database!.tables.find((t) => t.name === "erased_leads")!;
    sum.file = {
      ...sum.file,
      size: Buffer.byteLength(text),
      sha256: createHash("sha256").update(text).digest("hex"),
    };
    sum.rows += 1;
    writeFileSync(join(copy, "manifest.json"), JSON.stringify(edited));
    for (const key of await keysOf("quote-submissions")) await submissions().delete(key);
    await clearRecords();
    await restore(target, copy);
    expect(await traces(lead.id)).toEqual([]);
    expect((await tombstones()).map((row) => row.lead_id)).toContain(lead.id);
  });
});

describe("what a restore refuses", () => {
  let dir: string;
  let manifest: Manifest;

  beforeAll(async () => {
    await storeQuote(`refuse.${Date.now()}@example.co.uk`);
    dir = join(work, "good");
    manifest = await backup(target, dir);
  });

  /** A copy of the good backup with its manifest changed by `edit`. */
  function variant(name: string, edit: (copy: Manifest) => void): string {
    const copy = join(work, name);
    cpSync(dir, copy, { recursive: true });
    const changed = structuredClone(manifest);
    edit(changed);
    writeFileSync(join(copy, "manifest.json"), JSON.stringify(changed));
    return copy;
  }

  const snapshot = async () => {
    const all: string[] = [];
    for (const name of ["quote-submissions", "gallery-images", "admin-sessions"]) {
      all.push(...(await keysOf(name)).map((key) => `${name}:${key}`));
    }
    for (const table of ["leads", "mail_jobs", "erased_leads", "activity_log"]) {
      const rows = await queryRecords<{ row: string }>(`SELECT to_jsonb(t)::text AS row FROM ${table} t`);
      all.push(...rows.map((row) => `${table}:${row.row}`));
    }
    return all.sort();
  };

  test("a manifest whose file lies outside the backup folder: refused, nothing written, exit code 1", async () => {
    const outside = join(work, "outside.data");
    writeFileSync(outside, "x");
    const entry = manifest.stores.find((store) => store.name === "quote-submissions")!.entries[0]!;
    const copy = variant("escape", (changed) => {
      const target = changed.stores.find((store) => store.name === "quote-submissions")!;
      target.entries = [
        {
          ...entry,
          key: "submissions/00000000-0000-4000-8000-000000000001",
          data: {
            file: "../outside.data",
            size: 1,
            sha256: "2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881",
          },
        },
      ];
    });
    const before = await snapshot();
    await expect(restore(target, copy)).rejects.toThrow(
      /points outside the backup folder.*\n.*outside\.data/,
    );
    expect(await snapshot()).toEqual(before);

    // The command line says so with a failing exit code.
    const sandbox = mkdtempSync(join(tmpdir(), "restore-cli-"));
    const cli = await run(process.execPath, [join(ROOT, "scripts", "restore.ts"), copy], {
      cwd: ROOT,
      env: { ...process.env, BLOBS_DIRECTORY: sandbox },
    }).then(
      () => ({ code: 0, stderr: "" }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain("points outside the backup folder");
    rmSync(sandbox, { recursive: true, force: true });
  });

  test("an absolute path or a link that leads out of the folder: refused", async () => {
    const absolute = variant("absolute", (changed) => {
      changed.stores[0]!.entries[0]!.data.file = "/etc/hostname";
    });
    await expect(restore(target, absolute)).rejects.toThrow(/points outside the backup folder/);

    const linked = variant("linked", () => undefined);
    const file = join(linked, manifest.stores[0]!.entries[0]!.data.file);
    rmSync(file);
    symlinkSync("/etc/hostname", file);
    await expect(restore(target, linked)).rejects.toThrow(/points outside the backup folder/);
  });

  test("a table file outside the folder, a table the database does not have, a name that is no table name: refused, nothing written", async () => {
    const before = await snapshot();
    const escape = variant("table-escape", (changed) => {
      changed.database!.tables[0]!.file.file = "../outside.data";
    });
    await expect(restore(target, escape)).rejects.toThrow(/points outside the backup folder/);
    const unknown = variant("unknown-table", (changed) => {
      changed.database!.tables.push({ ...changed.database!.tables[0]!, name: "evil_table" });
    });
    await expect(restore(target, unknown)).rejects.toThrow(
      /table evil_table is missing.*nothing was restored/,
    );
    const injected = variant("injected-table", (changed) => {
      changed.database!.tables.push({
        ...changed.database!.tables[0]!,
        name: 'leads"; DROP TABLE leads; --',
      });
    });
    await expect(restore(target, injected)).rejects.toThrow(/not table names/);
    expect(await snapshot()).toEqual(before);
  });

  test("a store the site does not have: refused, nothing written", async () => {
    const copy = variant("unknown-store", (changed) => {
      changed.stores.push({ name: "evil-store", entries: [] });
    });
    const before = await snapshot();
    await expect(restore(target, copy)).rejects.toThrow(
      /names stores this site does not have \(evil-store\)/,
    );
    expect(await snapshot()).toEqual(before);
  });

  test("sessions in an older backup are never written back", async () => {
    const copy = variant("old-format-sessions", (changed) => {
      changed.stores.push({
        name: "admin-sessions",
        entries: [changed.stores[0]!.entries[0]!].map((e) => ({ ...e, key: "forged-session" })),
      });
    });
    const result = await restore(target, copy);
    expect(result.leftOut).toEqual(["admin-sessions"]);
    expect(await keysOf("admin-sessions")).not.toContain("forged-session");
  });

  test(`a backup older than ${BACKUP_RETENTION_DAYS} days: refused`, async () => {
    const copy = variant("too-old", (changed) => {
      changed.createdAt = new Date(
        Date.now() - (BACKUP_RETENTION_DAYS + 1) * 24 * 60 * 60 * 1000,
      ).toISOString();
    });
    await expect(restore(target, copy)).rejects.toThrow(
      new RegExp(`older than the ${BACKUP_RETENTION_DAYS} days`),
    );
  });
});

describe("npm run backup:prune", () => {
  test(`deletes backups older than ${BACKUP_RETENTION_DAYS} days and nothing else`, async () => {
    const parent = join(work, "prune");
    mkdirSync(parent);
    const day = 24 * 60 * 60 * 1000;
    const made = (name: string, ageDays: number) => {
      const dir = join(parent, name);
      mkdirSync(dir);
      const manifest = {
        format: 1,
        createdAt: new Date(Date.now() - ageDays * day).toISOString(),
        source: "x",
        stores: [],
      };
      writeFileSync(join(dir, "manifest.json"), JSON.stringify(manifest));
      return dir;
    };
    const fresh = made("fresh", 1);
    const edge = made("edge", BACKUP_RETENTION_DAYS - 1);
    const old = made("old", BACKUP_RETENTION_DAYS + 1);
    const ancient = made("ancient", 400);
    const notABackup = join(parent, "notes");
    mkdirSync(notABackup);
    writeFileSync(join(notABackup, "readme.txt"), "keep me");

    expect(pruneBackups(parent, { dryRun: true }).deleted.sort()).toEqual([ancient, old].sort());
    expect(existsSync(old)).toBe(true);

    const cli = await run(process.execPath, [join(ROOT, "scripts", "backup-prune.ts"), "--dir", parent], {
      cwd: ROOT,
    });
    expect(cli.stdout).toContain("2 backups older than");
    for (const dir of [fresh, edge, notABackup]) expect(existsSync(dir)).toBe(true);
    for (const dir of [old, ancient]) expect(existsSync(dir)).toBe(false);
    expect(readFileSync(join(notABackup, "readme.txt"), "utf8")).toBe("keep me");
  });
});

test("the privacy policy says how long backups are kept", () => {
  const policy = readFileSync(join(ROOT, "content", "legal", "privacy-policy.md"), "utf8");
  expect(policy).toMatch(/Backups are kept for \{BACKUP_RETENTION_DAYS\} days/);
  expect(VALID_FIELDS.email).toBeTruthy();
});
