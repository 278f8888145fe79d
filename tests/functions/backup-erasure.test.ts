/**
 * Backups and erasure (docs/security.md, "Backups and erasure") against a real Blobs server: an
 * erased lead leaves a tombstone with no personal data, a restore never brings it, its attachments
 * or its e-mails back, refuses a manifest that leads outside its folder or names an unknown store,
 * refuses a backup older than the retention period, and `npm run backup:prune` deletes old backups.
 */
import { getStore } from "@netlify/blobs";
import type { Context } from "@netlify/functions";
import { execFile } from "node:child_process";
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
import { erasedLeadIds, TOMBSTONE_STORE } from "../../netlify/lib/quote/tombstone-store.ts";
import { BACKUP_RETENTION_DAYS } from "../../src/lib/backups.ts";
import { LEAD_RETENTION_MONTHS } from "../../src/lib/lead-model.ts";
import type { BlobsTarget } from "../../scripts/lib/backup-store.ts";
import { backup, pruneBackups, restore, type Manifest } from "../../scripts/lib/blobs-backup.ts";
import { adminCookie, TEST_ORIGIN, useAdminTestEnv } from "./admin-session.ts";
import { startBlobs } from "./blobs.ts";
import { files, quoteRequest, VALID_FIELDS } from "./quote-fixtures.ts";

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, "..", "..");

let blobs: Awaited<ReturnType<typeof startBlobs>>;
let target: BlobsTarget;
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

const erase = (id: string) =>
  submission(
    new Request(`${TEST_ORIGIN}/api/admin/contact-submissions/${id}`, {
      method: "DELETE",
      headers: { cookie, Origin: TEST_ORIGIN },
    }),
    { params: { id } } as unknown as Context,
  );

/** Every key of the quote store that belongs to lead `id`: by key, or by naming it in its value. */
async function traces(id: string): Promise<string[]> {
  const found: string[] = [];
  for (const key of await keysOf("quote-submissions")) {
    const bytes = await submissions().get(key, { type: "arrayBuffer" });
    if (key.includes(id) || Buffer.from(bytes).toString("latin1").includes(id)) found.push(key);
  }
  return found;
}

beforeAll(async () => {
  useAdminTestEnv();
  blobs = await startBlobs();
  target = { ...blobs.context, description: "test Blobs server" };
  work = mkdtempSync(join(tmpdir(), "backup-erasure-"));
  cookie = await adminCookie();
});
afterAll(async () => {
  await blobs.stop();
  rmSync(work, { recursive: true, force: true });
});

describe("erasure and restore", () => {
  test("an erased lead leaves a tombstone and never comes back from a backup: record, attachments, e-mails, reference", async () => {
    const kept = await storeQuote(`kept.${Date.now()}@example.co.uk`);
    const gone = await storeQuote(`gone.${Date.now()}@example.co.uk`);
    expect((await traces(gone.id)).length).toBeGreaterThanOrEqual(4);
    const dir = join(work, "before-erasure");
    await backup(target, dir);

    expect((await erase(gone.id)).status).toBe(204);
    // What erasure keeps names no person: the reference's reservation and the retry key's binding.
    const left = await traces(gone.id);
    expect(left.every((key) => key.startsWith("references/") || key.startsWith("idempotency/"))).toBe(true);
    // The tombstone: the id and the date, nothing personal.
    expect(await erasedLeadIds()).toContain(gone.id);
    const tombstones = getStore({ name: TOMBSTONE_STORE, consistency: "strong" });
    const [tombstoneKey] = (await tombstones.list()).blobs
      .map((b) => b.key)
      .filter((key) => key.endsWith(gone.id));
    const tombstone = (await tombstones.get(tombstoneKey!, { type: "json" })) as Record<string, unknown>;
    expect(Object.keys(tombstone).sort()).toEqual(["erasedAt", "id"]);
    expect(JSON.stringify(tombstone)).not.toMatch(/gone\.|example\.co\.uk|MacLeod|Q-/);

    // The kept lead is lost meanwhile (say, by mistake): the restore brings it back, and only it.
    for (const key of await traces(kept.id)) await submissions().delete(key);
    const result = await restore(target, dir);
    expect(result.erased).toBeGreaterThanOrEqual(4);
    expect(await traces(gone.id)).toEqual(left);
    expect((await traces(kept.id)).length).toBeGreaterThanOrEqual(4);
    expect(result.written).toBeGreaterThanOrEqual(4);

    // Forced, too.
    const forced = await restore(target, dir, { force: true });
    expect(forced.erased).toBe(result.erased);
    expect(await traces(gone.id)).toEqual(left);
  });

  test("a lead erased by the retention period leaves a tombstone as well, and stays erased on restore", async () => {
    const old = await storeQuote(`old.${Date.now()}@example.co.uk`);
    const dir = join(work, "before-retention");
    await backup(target, dir);
    // The retention run as it will be once this quote is past the retention period.
    const later = Date.now() + (LEAD_RETENTION_MONTHS + 1) * 31 * 24 * 60 * 60 * 1000;
    expect((await eraseExpiredLeads({ now: later })).erased).toBeGreaterThanOrEqual(1);
    expect(await erasedLeadIds()).toContain(old.id);
    const left = await traces(old.id);
    expect(left.some((key) => key.startsWith("submissions/") || key.startsWith("attachments/"))).toBe(false);
    await restore(target, dir);
    expect(await traces(old.id)).toEqual(left);
  });

  test("restoring the newest backup first brings the tombstones back, so an older one cannot bring the lead back", async () => {
    const lead = await storeQuote(`twice.${Date.now()}@example.co.uk`);
    const first = join(work, "with-lead");
    await backup(target, first);
    expect((await erase(lead.id)).status).toBe(204);
    const second = join(work, "with-tombstone");
    await backup(target, second);
    // Everything is lost; the newer backup goes back first, then the older one.
    for (const name of ["quote-submissions", TOMBSTONE_STORE]) {
      const store = getStore({ name, consistency: "strong" });
      for (const key of await keysOf(name)) await store.delete(key);
    }
    await restore(target, second);
    await restore(target, first);
    expect(
      (await traces(lead.id)).filter(
        (key) => !key.startsWith("references/") && !key.startsWith("idempotency/"),
      ),
    ).toEqual([]);
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
    for (const name of ["quote-submissions", "gallery", "admin-sessions", TOMBSTONE_STORE]) {
      all.push(...(await keysOf(name)).map((key) => `${name}:${key}`));
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
