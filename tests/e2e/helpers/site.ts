/**
 * The routes the browser checks visit, read from the build at run time (the Netlify CLI builds
 * dist/ before the tests start), so new pages are covered as soon as they exist.
 */
import { builtPages, sitemapPaths } from "../../../scripts/lib/dist";

/** Every page path: the sitemap's plus the built pages it leaves out (admin, 404). */
export function allPagePaths(): string[] {
  return [...new Set([...sitemapPaths(), ...builtPages().map((page) => page.path)])].sort();
}

/** The n-th of `count` interleaved slices of `items`, so both workers share a sweep. */
export function shard<T>(items: readonly T[], index: number, count: number): T[] {
  return items.filter((_, i) => i % count === index);
}

/** The path to request for a built page: /404 is served for any unknown path. */
export function requestPath(path: string): string {
  return path === "/404" ? "/this-page-does-not-exist" : path;
}
