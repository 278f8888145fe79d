/**
 * What the build produced: the pages in dist/ and the URLs in the sitemap. The quality checks
 * (budgets, audit, SEO, headers, accessibility) are driven from here, so they cover every page
 * that exists without a hand-kept list.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";

export const DIST = join(import.meta.dirname, "..", "..", "dist");

/**
 * The content editor's folder (integrations/content-editor.ts): a third-party app copied into the
 * build, not a page of the site, so the page checks leave it out; it has checks of its own
 * (tests/build/content-editor.test.ts, tests/e2e/content-editor.spec.ts, the budget's editor row).
 */
export const CONTENT_EDITOR_DIR = "admin";

export interface BuiltPage {
  /** URL path the page is served at: "/", "/about", "/services/roof-repairs", "/404". */
  path: string;
  /** Absolute file path in dist/. */
  file: string;
}

/** Every HTML page of the build (the content editor's aside), sorted by path. */
export function builtPages(dist = DIST): BuiltPage[] {
  if (!existsSync(dist)) throw new Error(`${dist} does not exist: run \`npm run build\` first`);
  return readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .filter((entry) => relative(dist, entry.parentPath).split(sep)[0] !== CONTENT_EDITOR_DIR)
    .map((entry) => {
      const file = join(entry.parentPath, entry.name);
      const route = relative(dist, file)
        .split(sep)
        .join("/")
        .replace(/\.html$/, "");
      const path = route === "index" ? "/" : `/${route.replace(/\/index$/, "")}`;
      return { path, file };
    })
    .sort((a, b) => a.path.localeCompare(b.path));
}

function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!.trim());
}

/** Absolute URLs listed by dist/sitemap-index.xml and the sitemaps it names. */
export function sitemapUrls(dist = DIST): string[] {
  const index = readFileSync(join(dist, "sitemap-index.xml"), "utf8");
  return locs(index).flatMap((sitemap) => locs(readFileSync(join(dist, new URL(sitemap).pathname), "utf8")));
}

/** Paths of the sitemap's URLs ("/", "/about", …), in sitemap order. */
export function sitemapPaths(dist = DIST): string[] {
  return sitemapUrls(dist).map((url) => new URL(url).pathname);
}

/** The template a path is built from: `/services/{slug}` for every service page and
 * `/areas/{slug}` for every town, else the path itself. */
export const pageTemplate = (path: string) => path.replace(/^\/(services|areas)\/[^/]+\/?$/, "/$1/{slug}");

/**
 * Of each template's pages, the one `weight` ranks heaviest, in the order of `paths`. Pages of one
 * template share their layout, scripts and styles and differ in text: the checks whose subject is
 * the layout measure one of them, the heaviest the template makes.
 */
export function heaviestPerTemplate(paths: readonly string[], weight: (path: string) => number): string[] {
  const heaviest = new Map<string, { path: string; weight: number }>();
  for (const path of paths) {
    const template = pageTemplate(path);
    const current = heaviest.get(template);
    const own = weight(path);
    if (!current || own > current.weight) heaviest.set(template, { path, weight: own });
  }
  return paths.filter((path) => heaviest.get(pageTemplate(path))?.path === path);
}
