/**
 * docs/reference.md: the tables that list what the code declares — the pages, every function's
 * routes and methods (from its `config`), the scheduled functions and their schedules, the Blobs
 * stores, the database tables and their columns, which of both backups hold, and which role may
 * call which admin route. Made from the code, never typed: the test
 * `tests/functions/reference-doc.test.ts` fails when the file differs from what this makes, and
 * `npm run docs:reference` writes it.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { ACCESS, type AccessRule } from "../../netlify/lib/admin/access.ts";
import { ROLES, type Role } from "../../src/lib/admin/people.ts";
import { BACKED_UP_STORES, LEFT_OUT_STORES, LEFT_OUT_TABLES } from "./backup-scope.ts";
import { migrationFiles, MIGRATIONS_DIR } from "./migrations.ts";

const ROOT = join(import.meta.dirname, "..", "..");
export const REFERENCE_DOC = join(ROOT, "docs", "reference.md");

export interface RouteInfo {
  name: string;
  paths: readonly string[];
  methods: readonly string[] | null;
  excluded: readonly string[];
}

const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\s+/g, " ").trim();

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.map(cell).join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

/** The first sentence of a file's leading doc comment. */
function summaryOf(file: string): string {
  const source = readFileSync(file, "utf8");
  const comment = /\/\*\*([\s\S]*?)\*\//.exec(source)?.[1] ?? "";
  const text = comment
    .split("\n")
    .map((line) => line.replace(/^\s*\*\s?/, ""))
    .join(" ")
    .trim();
  const sentence = /^(.+?\.)(\s|$)/.exec(text)?.[1] ?? text;
  return sentence.replace(/^Scheduled[^:]*:\s*/, "");
}

/** Astro pages as the routes they build (`[slug]` a parameter). */
function pages(): string[][] {
  const dir = join(ROOT, "src", "pages");
  const found: string[][] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".astro")) {
        const route = `/${relative(dir, path)}`
          .replace(/\.astro$/, "")
          .replace(/\/index$/, "/")
          .replace(/\[(\w+)\]/g, "{$1}");
        found.push([`\`${route}\``, `\`src/pages/${relative(dir, path)}\``]);
      }
    }
  };
  walk(dir);
  return found;
}

interface TableInfo {
  name: string;
  migration: string;
  comment: string;
  columns: string[];
}

/** Tables the migrations create and keep, with the comment above each and its columns as later migrations leave them. */
export function migrationTables(): TableInfo[] {
  const tables: TableInfo[] = [];
  for (const file of migrationFiles()) {
    const sql = readFileSync(join(MIGRATIONS_DIR, file), "utf8");
    const pattern = /((?:^--.*\n)*)CREATE TABLE (\w+) \(([\s\S]*?)\n\);/gm;
    for (const match of sql.matchAll(pattern)) {
      const [, comment = "", name = "", body = ""] = match;
      const columns = body
        .split("\n")
        .map((line) => line.trim())
        .filter(
          (line) =>
            /^[a-z_]+ [a-z]/.test(line) &&
            !/^(CHECK|PRIMARY|UNIQUE|EXCLUDE|FOREIGN|CONSTRAINT)\b/i.test(line),
        )
        .map((line) => line.split(" ")[0]!);
      tables.push({
        name,
        migration: file,
        comment: comment
          .replace(/^--\s?/gm, "")
          .replace(/\n/g, " ")
          .trim(),
        columns,
      });
    }
    // Later migrations add and drop columns; the table keeps the migration that created it.
    for (const [, verb = "", table = "", column = ""] of sql
      .matchAll(/^ALTER TABLE (\w+) (ADD|DROP) COLUMN (\w+)/gm)
      .map((m) => [m[0], m[2], m[1], m[3]])) {
      const info = tables.find((t) => t.name === table);
      if (!info) continue;
      info.columns = info.columns.filter((name) => name !== column);
      if (verb === "ADD") info.columns.push(column);
    }
    // A table a later migration drops is gone from the reference.
    for (const [, table] of sql.matchAll(/^DROP TABLE (?:IF EXISTS )?(\w+)/gm)) {
      const index = tables.findIndex((t) => t.name === table);
      if (index >= 0) tables.splice(index, 1);
    }
  }
  return tables;
}

/** The roles table (netlify/lib/admin/access.ts): one row per admin route and methods. */
function accessRows(): string[][] {
  const yes = (rule: AccessRule, role: Role) => (rule.roles.includes(role) ? "yes" : "—");
  return ACCESS.map((rule) => [
    `\`${rule.path}\``,
    rule.methods.join(", "),
    ...ROLES.map((role) => yes(rule, role)),
    [rule.note, rule.fresh ? "a passkey session shows its passkey again after 10 minutes" : undefined]
      .filter(Boolean)
      .join("; "),
  ]);
}

export function referenceDoc(
  routes: readonly RouteInfo[],
  schedules: readonly { name: string; schedule: string }[],
): string {
  const functions = join(ROOT, "netlify", "functions");
  const routeRows = [...routes]
    .flatMap((route) =>
      route.paths.map((path) => [
        `\`${path}\``,
        route.methods ? route.methods.join(", ") : "checked by the handler",
        `\`${route.name}\`${route.excluded.length ? ` (not ${route.excluded.map((p) => `\`${p}\``).join(", ")})` : ""}`,
      ]),
    )
    .sort((a, b) => a[0]!.localeCompare(b[0]!));
  const scheduleRows = [...schedules]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map(({ name, schedule }) => [
      `\`${name}\``,
      `\`${schedule}\``,
      summaryOf(join(functions, `${name}.mts`)),
    ]);
  const storeRows = [
    ...BACKED_UP_STORES.map((name) => [`\`${name}\``, "backed up"]),
    ...Object.entries(LEFT_OUT_STORES).map(([name, what]) => [`\`${name}\``, `left out of backups: ${what}`]),
  ].sort((a, b) => a[0]!.localeCompare(b[0]!));
  const tableRows = migrationTables().map((t) => [
    `\`${t.name}\``,
    t.comment,
    t.columns.map((c) => `\`${c}\``).join(", "),
    Object.hasOwn(LEFT_OUT_TABLES, t.name) ? `left out: ${LEFT_OUT_TABLES[t.name]}` : "backed up",
    `\`${t.migration}\``,
  ]);
  return `# Reference: what the code declares

Written by \`npm run docs:reference\` from the code; \`tests/functions/reference-doc.test.ts\` fails
when this file and the code disagree. Do not edit by hand. What each thing is for, and why, is in
the other pages ([architecture.md](architecture.md), [http-contract.md](http-contract.md), [database.md](database.md)).

## Pages

${table(["Route", "Page"], pages())}

The CMS is served at \`/admin/\` from \`public/admin/\`; the content API's JSON (\`/api/services\`,
\`/api/testimonials\`) is prebuilt under \`src/pages/api/data/\` and rewritten by \`dist/_redirects\`.

## Function routes

${table(["Path", "Methods", "Function"], routeRows)}

"Checked by the handler": the function takes every method and answers 405 for one it does not
serve ([http-contract.md](http-contract.md) says which). Any other \`/api/*\` path answers 404 JSON (\`api-not-found\`, through the rewrite in \`netlify.toml\`).

## Who may call what

The roles of [staff.md](staff.md), as \`requireAdmin\` checks them on every call (403 otherwise). A
route missing here is the owner's alone.

${table(["Path", "Methods", ...ROLES, "Note"], accessRows())}

## Scheduled functions

Times are UTC, as on the platform; \`npm start\` runs them locally on the same schedules.

${table(["Function", "Schedule", "What it does"], scheduleRows)}

## Blobs stores

${table(["Store", "Backups"], storeRows)}

## Database tables

${table(["Table", "What", "Columns", "Backups", "Created by"], tableRows)}
`;
}
