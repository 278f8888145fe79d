import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { expect, test } from "vitest";
import {
  BACKED_UP_STORES,
  isBackedUpKey,
  LEFT_OUT_STORES,
  LEFT_OUT_TABLES,
  LEGACY_STORES,
} from "../../scripts/lib/backup-scope.ts";
import { backedUpTables, migrationTables } from "../../scripts/lib/database-backup.ts";

const ROOT = join(import.meta.dirname, "..", "..");

/** Every Blobs store name the site's code opens: the string constants its store modules name it by. */
function storeNamesInCode(): Map<string, string> {
  const names = new Map<string, string>();
  const dir = join(ROOT, "netlify", "lib");
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".ts")) continue;
    const path = join(entry.parentPath, entry.name);
    const text = readFileSync(path, "utf8");
    if (!text.includes("openStore(")) continue;
    for (const match of text.matchAll(/const [A-Z_]*STORE[A-Z_]* = "([a-z0-9-]+)"/g)) {
      names.set(match[1]!, relative(ROOT, path));
    }
  }
  return names;
}

test("every store the code opens is either backed up or knowingly left out, never both", () => {
  const names = storeNamesInCode();
  expect(names.size).toBeGreaterThanOrEqual(3);
  const classified = new Set([...BACKED_UP_STORES, ...Object.keys(LEFT_OUT_STORES)]);
  for (const [name, file] of names) {
    expect(classified.has(name), `${name} (${file}) is in neither list of scripts/lib/backup-scope.ts`).toBe(
      true,
    );
  }
  for (const name of BACKED_UP_STORES) expect(Object.keys(LEFT_OUT_STORES)).not.toContain(name);
  for (const name of ["admin-sessions", "admin-login-throttle", "abuse-limits", "quote-uploads"]) {
    expect(Object.keys(LEFT_OUT_STORES)).toContain(name);
  }
});

test("the stores of the records before the database are no longer opened by the code, and each says where its data went", () => {
  const names = storeNamesInCode();
  for (const [name, reason] of Object.entries(LEGACY_STORES)) {
    expect(names.has(name), `${name} is opened again: back it up or leave it out`).toBe(false);
    expect(reason).toMatch(/table|worked out/);
    expect(BACKED_UP_STORES).not.toContain(name);
  }
  // The attachment store keeps its files; its old records are in the database.
  expect(isBackedUpKey("quote-submissions", "attachments/0b6f0c52-1d5e-4c4e-9d0e-5b8a0d1c2e3f/1")).toBe(true);
  expect(isBackedUpKey("quote-submissions", "orphans/0b6f0c52-1d5e-4c4e-9d0e-5b8a0d1c2e3f")).toBe(true);
  for (const key of ["submissions/x", "idempotency/x", "references/Q-ABCDEF", "outbox/x"])
    expect(isBackedUpKey("quote-submissions", key)).toBe(false);
  expect(isBackedUpKey("gallery-images", "submissions/x")).toBe(true);
});

test("every table the migrations create is backed up or knowingly left out, and only those (not local_migrations)", () => {
  const tables = migrationTables();
  for (const name of Object.keys(LEFT_OUT_TABLES)) expect(tables, name).toContain(name);
  expect(backedUpTables()).toEqual(tables.filter((name) => !Object.hasOwn(LEFT_OUT_TABLES, name)));
  expect(backedUpTables()).not.toContain("admin_sessions");
  expect(tables).toEqual(
    expect.arrayContaining([
      "leads",
      "mail_jobs",
      "idempotency_keys",
      "erased_leads",
      "activity_log",
      "owner_digests",
    ]),
  );
  expect(tables).not.toContain("local_migrations");
  // The parser follows every CREATE TABLE and DROP TABLE of every migration file, so a new table
  // is found and a dropped one (lead_emails, moved into mail_jobs) is not looked for.
  const sql = readdirSync(join(ROOT, "netlify", "database", "migrations"))
    .map((file) => readFileSync(join(ROOT, "netlify", "database", "migrations", file), "utf8"))
    .join("\n")
    .replace(/--.*$/gm, "");
  const created = sql.match(/\bCREATE TABLE\b/gi)?.length ?? 0;
  const dropped = sql.match(/\bDROP TABLE\b/gi)?.length ?? 0;
  expect(dropped).toBeGreaterThan(0);
  expect(tables.length).toBe(created - dropped);
  expect(tables).not.toContain("lead_emails");
});
