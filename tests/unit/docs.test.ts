/**
 * Docs that cannot drift (docs/quality.md, "Docs that cannot drift"). The lists the code declares are
 * generated into docs/reference.md (tests/functions/reference-doc.test.ts); this file holds the rest
 * of README.md and docs/*.md to the repository: every relative link and anchor resolves, every
 * repository path quoted in back-quotes exists, the code-layout tables name exactly the folders of
 * netlify/lib and src/lib, the HTTP contract describes exactly the function routes, the spec's
 * routes are the site's pages, docs/scripts.md has a row for each npm script, and the README stays
 * short.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");

/** The README is the front page: what the site is, the two commands, the settings, deploying, the layout. */
const README_MAX_LINES = 150;

/** Git-ignored or generated paths the docs may name although a clean checkout does not hold them. */
const NOT_IN_GIT = [
  ".env",
  ".netlify/",
  "backups/",
  "dist/",
  "node_modules/",
  "playwright-report/",
  "reports/",
  "src/generated/",
  "test-results/",
];

const DOCS = [
  "README.md",
  ...readdirSync(join(ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];

/** Files in the repository (tracked, or new and not ignored), and every folder above one. */
function repositoryPaths(): Set<string> {
  const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
    cwd: ROOT,
    encoding: "utf8",
  })
    .split("\n")
    .filter((file) => file && existsSync(join(ROOT, file)));
  const paths = new Set<string>();
  for (const file of files) {
    paths.add(file);
    for (let dir = dirname(file); dir !== "."; dir = dirname(dir)) paths.add(`${dir}/`);
  }
  return paths;
}
const PATHS = repositoryPaths();
const TOP_LEVEL = new Set(
  [...PATHS, ...NOT_IN_GIT].map((path) => path.split("/")[0] + (path.includes("/") ? "/" : "")),
);

/** The text without fenced code blocks, whose contents are not Markdown. */
const withoutFences = (text: string) => text.replace(/^```[\s\S]*?^```/gm, "");

/** GitHub's anchor for a heading: lower case, punctuation dropped, each space a hyphen, repeats numbered. */
function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading = ""] of withoutFences(read(file)).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = heading
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count ? `${slug}-${count}` : slug);
  }
  return anchors;
}

const read = (file: string) => readFileSync(join(ROOT, file), "utf8");

/** Every Markdown link target of a file, outside code. */
function linksOf(file: string): string[] {
  const text = withoutFences(read(file)).replace(/`[^`\n]*`/g, "``");
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!);
}

describe("links in README.md and docs/", () => {
  it.each(DOCS)("%s: every relative link reaches a file, and every anchor a heading", (file) => {
    const broken: string[] = [];
    for (const link of linksOf(file)) {
      if (/^[a-z][a-z+.-]*:/i.test(link)) continue; // https:, mailto:
      const [path = "", anchor] = link.split("#");
      const target = path ? relative(ROOT, join(ROOT, dirname(file), path)) : file;
      if (!existsSync(join(ROOT, target))) {
        broken.push(`${link}: no such file`);
        continue;
      }
      if (anchor !== undefined && target.endsWith(".md") && !anchorsOf(target).has(anchor))
        broken.push(`${link}: no heading with that anchor in ${target}`);
    }
    expect(broken).toEqual([]);
  });
});

/** Back-quoted text that reads as a path in the repository: it starts with one of its top-level names. */
function quotedPaths(file: string): string[] {
  const found = new Set<string>();
  for (const [, code = ""] of read(file).matchAll(/`([^`\n]+)`/g)) {
    if (!/^[\w.@[\]-]+(\/[\w.@[\]-]+)*\/?$/.test(code)) continue; // placeholders, globs, prose
    const first = code.split("/")[0]! + (code.includes("/") ? "/" : "");
    if (TOP_LEVEL.has(first)) found.add(code);
  }
  return [...found];
}

describe("paths quoted in README.md and docs/", () => {
  it.each(DOCS)("%s: every quoted repository path exists", (file) => {
    const missing = quotedPaths(file).filter(
      (path) =>
        !PATHS.has(path) &&
        !PATHS.has(`${path.replace(/\/$/, "")}/`) &&
        !NOT_IN_GIT.some((exempt) => path === exempt || path.startsWith(exempt)),
    );
    expect(missing).toEqual([]);
  });

  it("finds the paths it checks", () => {
    expect(quotedPaths("docs/architecture.md")).toContain("netlify/lib/http/http-error.ts");
  });
});

/** The section of a Markdown file under `heading`, up to the next heading of the same level. */
function section(file: string, heading: string): string {
  const text = read(file);
  const start = text.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`${file} has no heading "${heading}"`);
  const level = /^#+/.exec(heading)![0];
  const rest = text.slice(start + heading.length + 2);
  const end = rest.search(new RegExp(`^${level} `, "m"));
  return end < 0 ? rest : rest.slice(0, end);
}

/** The first cells of each Markdown table in `text`, one list per table. */
function tableFirstCells(text: string): string[][] {
  const tables: string[][] = [];
  let current: string[] | null = null;
  for (const line of text.split("\n")) {
    if (!line.startsWith("|")) {
      current = null;
      continue;
    }
    if (!current) tables.push((current = []));
    const cell = line.split("|")[1]!.trim();
    if (!/^-+$/.test(cell)) current.push(cell);
  }
  return tables.map((rows) => rows.slice(1)); // without the header row
}

const foldersOf = (dir: string) =>
  readdirSync(join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${entry.name}/`)
    .sort();

describe("code layout", () => {
  const [backEnd = [], browser = []] = tableFirstCells(section("docs/architecture.md", "## Code layout"));
  const names = (cells: string[]) => cells.map((cell) => cell.replace(/`/g, "")).sort();

  it("docs/architecture.md has a line for every folder of netlify/lib, and no other", () => {
    expect(names(backEnd)).toEqual(foldersOf("netlify/lib"));
  });

  it("docs/architecture.md has a line for every folder of src/lib, and no other", () => {
    expect(names(browser)).toEqual(foldersOf("src/lib"));
  });

  it("the README's map names every folder of netlify/lib, and no other", () => {
    const map = /^netlify\/lib\/ .*\n((?: {2}\S.*\n| {3,}.*\n)+)/m.exec(read("README.md"))?.[1] ?? "";
    const listed = [...map.matchAll(/^ {2}([\w-]+\/)/gm)].map((match) => match[1]!).sort();
    expect(listed).toEqual(foldersOf("netlify/lib"));
  });
});

describe("README.md", () => {
  it(`stays a front page: at most ${README_MAX_LINES} lines, the rest in docs/`, () => {
    expect(read("README.md").replace(/\n$/, "").split("\n").length).toBeLessThanOrEqual(README_MAX_LINES);
  });
});

describe("docs/scripts.md", () => {
  /** The script each row names: `npm run x -- …`, `npm start`, or a bare name such as `postinstall`. */
  const rows = tableFirstCells(read("docs/scripts.md"))
    .flat()
    .flatMap((cell) => [...cell.matchAll(/`(?:npm (?:run )?)?([\w:-]+)[^`]*`/g)].map((match) => match[1]!));
  const scripts = Object.keys(
    (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts,
  );

  it("has a row for every npm script of package.json, and no other", () => {
    expect([...new Set(rows)].sort()).toEqual([...scripts].sort());
  });
});

/** A route with its parameters blanked, so `:id` and `{id}` compare equal. */
const blankParams = (path: string) => path.replace(/:\w+|\{\w+\}/g, "{}");

describe("docs/http-contract.md", () => {
  /** Function routes as docs/reference.md lists them (generated from each function's `config`). */
  const routes = new Set(
    [...section("docs/reference.md", "## Function routes").matchAll(/^\| `([^`]+)`/gm)].map((match) =>
      blankParams(match[1]!),
    ),
  );
  /** The paths of the contract's rows, `[/{width}]` read as both routes. */
  const described = new Set<string>();
  for (const [, path = ""] of read("docs/http-contract.md").matchAll(
    /^\| (?:[A-Z]+, )*[A-Z]+ `([^`?]+)(?:\?[^`]*)?`/gm,
  )) {
    const optional = /\[([^\]]+)\]$/.exec(path);
    for (const variant of optional
      ? [path.slice(0, optional.index), path.slice(0, optional.index) + optional[1]]
      : [path])
      described.add(blankParams(variant));
  }

  it("describes every function route", () => {
    expect(routes.size).toBeGreaterThan(30);
    expect([...routes].filter((route) => !described.has(route))).toEqual([]);
  });

  it("describes no route that does not exist", () => {
    expect([...described].filter((route) => !routes.has(route))).toEqual([]);
  });
});

describe("docs/spec.md, Routes", () => {
  /** Page files whose route a visitor reaches under another path, or through another row. */
  const SERVED_AS: Record<string, string | null> = {
    "/quote": "/quote/{token}", // netlify.toml rewrites /quote/* to the one page
    "/visit": "/visit/{token}", // likewise /visit/*
    "/404": null, // the "anything else" row
    "/services/not-found": null, // an unknown slug of /services/{slug} (public/_redirects)
  };
  /** The route the spec names for a built page, or null when another row covers it. */
  const servedAs = (page: string): string | null => (SERVED_AS[page] !== undefined ? SERVED_AS[page] : page);
  const pages = [...section("docs/reference.md", "## Pages").matchAll(/^\| `([^`]+)`/gm)].map(
    (match) => match[1]!,
  );
  const specRoutes = tableFirstCells(section("docs/spec.md", "## 2. Routes"))
    .flat()
    .flatMap((cell) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!));

  it("lists every page", () => {
    expect(pages.length).toBeGreaterThan(15);
    const expected = pages.map(servedAs);
    expect(expected.filter((route) => route !== null && !specRoutes.includes(route))).toEqual([]);
  });

  it("lists no page that does not exist", () => {
    const served = new Set(pages.map(servedAs));
    // The content editor is a static file, not an Astro page.
    expect(existsSync(join(ROOT, "public", "admin", "index.html"))).toBe(true);
    expect(specRoutes.filter((route) => route !== "/admin/" && !served.has(route))).toEqual([]);
  });
});
