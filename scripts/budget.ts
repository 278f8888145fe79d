/**
 * npm run budget: JavaScript and CSS weights of every built page (dist/), gzip-compressed, against
 * docs/quality.md, The bars: no framework JavaScript on a page without islands, ≤ 80 kB JS on a
 * public page with islands, ≤ 150 kB on the admin pages, ≤ 30 kB CSS on every page (1 kB = 1000
 * bytes). The content editor at /admin/ (a third-party app, loaded on that page only) is held to its
 * own bar. Prints the table, writes it into docs/quality.md and exits 1 when a page is over budget.
 * Run after a build.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";
import { builtPages, CONTENT_EDITOR_DIR, DIST } from "./lib/dist.ts";
import { markdownTable, printTable, writeQualityBlock } from "./lib/quality-doc.ts";

export const KB = 1000;
export const BUDGETS = {
  islandPageJs: 80 * KB,
  /** /contact stays 5 kB under the public bar, so the quote form has room to grow (docs/islands.md). */
  contactPageJs: 75 * KB,
  adminPageJs: 150 * KB,
  css: 30 * KB,
  /** Sveltia CMS 0.221.1 is 635 kB; a version that grows past this is a decision, not an accident. */
  contentEditorJs: 700 * KB,
} as const;

/** The content editor's page, weighed like a page but held to its own bar. */
export const CONTENT_EDITOR_PAGE = `/${CONTENT_EDITOR_DIR}/`;

/** Public pages held to a bar of their own instead of `islandPageJs`. */
const PAGE_JS_BUDGETS: Readonly<Record<string, number>> = { "/contact": BUDGETS.contactPageJs };

const ADMIN_PATH = /^\/(gallery-admin|contact-admin)$/;
/** Marks a chunk as React (or another UI framework) whatever page pulls it in. */
const FRAMEWORK_SIGNATURE = /react\.(transitional\.)?element|__REACT_DEVTOOLS_GLOBAL_HOOK__|react-dom/;
const IMPORT = /(?:\bimport|\bexport)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["']([^"']+\.m?js)["']/g;

const gzipped = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;
const attributes = (tag: string, name: string) =>
  [...tag.matchAll(new RegExp(`\\s${name}="([^"]+)"`, "g"))].map((m) => m[1]!.replaceAll("&amp;", "&"));

export interface PageWeight {
  path: string;
  islands: number;
  jsBytes: number;
  frameworkJsBytes: number;
  cssBytes: number;
}

/** Resolves a URL found in a page or chunk to its file in dist/ (same-origin URLs only). */
function fileFor(url: string, fromDir: string, dist: string): string | undefined {
  if (/^[a-z]+:/i.test(url) || url.startsWith("//")) return undefined;
  return url.startsWith("/") ? join(dist, url.split("?")[0]!) : join(fromDir, url.split("?")[0]!);
}

/** Every module a set of entry files pulls in through static imports. */
function moduleGraph(entries: string[], dist: string): Set<string> {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(file, "utf8");
    for (const [, specifier] of code.matchAll(IMPORT)) {
      const target = fileFor(specifier!, dirname(file), dist);
      if (target) queue.push(target);
    }
  }
  return seen;
}

/** Weighs one page; `pageDir` is the folder its HTML file is in, `dist` the build's root. */
export function weighPage(path: string, html: string, pageDir: string, dist = DIST): PageWeight {
  const islands = [...html.matchAll(/<astro-island\b[^>]*>/g)].map((m) => m[0]);
  const islandEntries = islands.flatMap((tag) =>
    ["component-url", "renderer-url", "before-hydration-url"].flatMap((name) => attributes(tag, name)),
  );
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
    ([, attrs]) => !/type="application\/(ld\+)?json"/.test(attrs!),
  );
  const externalEntries = scripts.flatMap(([, attrs]) => attributes(`<script${attrs}>`, "src"));
  const inline = scripts.map(([, , body]) => body!).filter((body) => body.trim() !== "");
  const inlineImports = inline.flatMap((body) => [...body.matchAll(IMPORT)].map((m) => m[1]!));

  const resolve = (urls: string[]) =>
    urls.map((url) => fileFor(url, pageDir, dist)).filter((file): file is string => file !== undefined);
  const islandFiles = moduleGraph(resolve(islandEntries), dist);
  const allFiles = moduleGraph(resolve([...islandEntries, ...externalEntries, ...inlineImports]), dist);

  let jsBytes = 0;
  let frameworkJsBytes = 0;
  for (const file of allFiles) {
    const code = readFileSync(file);
    const size = gzipped(code);
    jsBytes += size;
    if (islandFiles.has(file) || FRAMEWORK_SIGNATURE.test(code.toString("utf8"))) frameworkJsBytes += size;
  }
  for (const body of inline) {
    const size = gzipped(body);
    jsBytes += size;
    // Astro's island runtime and hydration directives are inlined into pages with islands.
    if (/astro-island|\bAstro\b/.test(body)) frameworkJsBytes += size;
  }

  const stylesheets = [...html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*>/g)].flatMap((m) =>
    attributes(m[0], "href"),
  );
  const inlineStyles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
  const cssBytes =
    resolve(stylesheets).reduce((sum, file) => sum + gzipped(readFileSync(file)), 0) +
    inlineStyles.reduce((sum, body) => sum + gzipped(body), 0);

  return { path, islands: islands.length, jsBytes, frameworkJsBytes, cssBytes };
}

/** The budget a page is held to and whether it meets it. */
export function verdict(page: PageWeight): { rule: string; problems: string[] } {
  const problems: string[] = [];
  let rule: string;
  if (page.path === CONTENT_EDITOR_PAGE) {
    rule = `content editor JS ≤ ${BUDGETS.contentEditorJs / KB} kB`;
    if (page.jsBytes > BUDGETS.contentEditorJs)
      problems.push(`JS ${kb(page.jsBytes)} > ${BUDGETS.contentEditorJs / KB} kB`);
  } else if (ADMIN_PATH.test(page.path)) {
    rule = `JS ≤ ${BUDGETS.adminPageJs / KB} kB`;
    if (page.jsBytes > BUDGETS.adminPageJs)
      problems.push(`JS ${kb(page.jsBytes)} > ${BUDGETS.adminPageJs / KB} kB`);
  } else if (page.islands > 0) {
    const limit = PAGE_JS_BUDGETS[page.path] ?? BUDGETS.islandPageJs;
    rule = `JS ≤ ${limit / KB} kB`;
    if (page.jsBytes > limit) problems.push(`JS ${kb(page.jsBytes)} > ${limit / KB} kB`);
  } else {
    rule = "no framework JS";
    if (page.frameworkJsBytes > 0)
      problems.push(`framework JS ${kb(page.frameworkJsBytes)} on a page without islands`);
  }
  rule += `, CSS ≤ ${BUDGETS.css / KB} kB`;
  if (page.cssBytes > BUDGETS.css) problems.push(`CSS ${kb(page.cssBytes)} > ${BUDGETS.css / KB} kB`);
  return { rule, problems };
}

function kb(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} kB`;
}

function main() {
  const editor = join(DIST, CONTENT_EDITOR_DIR, "index.html");
  const pages = [
    ...builtPages().map(({ path, file }) => ({ path, file })),
    ...(existsSync(editor) ? [{ path: CONTENT_EDITOR_PAGE, file: editor }] : []),
  ].map(({ path, file }) => weighPage(path, readFileSync(file, "utf8"), dirname(file)));
  const header = ["Page", "Islands", "JS (gzip)", "of which framework", "CSS (gzip)", "Budget", "Result"];
  const problems: string[] = [];
  const rows = pages.map((page) => {
    const { rule, problems: pageProblems } = verdict(page);
    problems.push(...pageProblems.map((problem) => `${page.path}: ${problem}`));
    return [
      `\`${page.path}\``,
      String(page.islands),
      kb(page.jsBytes),
      kb(page.frameworkJsBytes),
      kb(page.cssBytes),
      rule,
      pageProblems.length === 0 ? "pass" : "**over**",
    ];
  });
  printTable(
    header,
    rows.map((row) => row.map((cell) => cell.replaceAll("`", "").replaceAll("*", ""))),
  );
  return { header, rows, problems };
}

if (import.meta.main) {
  const { header, rows, problems } = main();
  await writeQualityBlock(
    "budgets",
    `${markdownTable(header, rows)}\n\nGzip level 9, 1 kB = 1000 bytes, from \`dist/\`.`,
  );
  if (problems.length > 0) {
    console.error(`\nOver budget:\n${problems.map((p) => `  ${p}`).join("\n")}`);
    process.exitCode = 1;
  }
}
