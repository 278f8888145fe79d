/**
 * Nothing of a public page's own code is fetched before its first paint (docs/quality.md, "First
 * paint"): every module script the HTML names is a loader of a few hundred bytes, fetched with
 * what it imports at low priority (integrations/script-priority.ts), and the HTML itself fits the
 * first round trip (about 14.6 kB: ten TCP segments). The audit measures the paint
 * itself; this says, page by page, which file would delay it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { expect, test } from "vitest";
import { staticImports } from "../../integrations/script-priority";
import { DIST, sitemapPaths, builtPages } from "../../scripts/lib/dist";

/** A loader that imports the real code after the page has loaded: a few hundred bytes. */
const MAX_EARLY_SCRIPT_BYTES = 1000;
/** What the first round trip carries (ten segments of 1,460 bytes). */
const FIRST_ROUND_TRIP_BYTES = 14_600;

const publicPages = () => {
  const paths = new Set(sitemapPaths());
  return builtPages().filter((page) => paths.has(page.path));
};

test("every module script a public page names is a loader of under 1 kB", () => {
  const heavy: string[] = [];
  for (const page of publicPages()) {
    const html = readFileSync(page.file, "utf8");
    for (const [, src] of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) {
      const bytes = readFileSync(join(DIST, src!)).byteLength;
      if (bytes > MAX_EARLY_SCRIPT_BYTES) heavy.push(`${page.path}: ${src} (${bytes} bytes)`);
    }
  }
  expect(heavy).toEqual([]);
});

test("every page script, and every module it imports statically, is fetched at low priority", () => {
  const early: string[] = [];
  let scripts = 0;
  for (const page of publicPages()) {
    const html = readFileSync(page.file, "utf8");
    const lowPreloads = new Set(
      [...html.matchAll(/<link rel="modulepreload" href="([^"]+)" fetchpriority="low">/g)].map((m) => m[1]),
    );
    for (const [tag, src] of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)) {
      scripts++;
      if (!tag.includes('fetchpriority="low"')) early.push(`${page.path}: ${src} at default priority`);
      for (const imported of staticImports(src!, (url) => readFileSync(join(DIST, url), "utf8")))
        if (!lowPreloads.has(imported))
          early.push(`${page.path}: ${imported}, imported by ${src}, not preloaded at low priority`);
    }
  }
  expect(scripts).toBeGreaterThan(0);
  expect(early).toEqual([]);
});

test("every public page's HTML fits the first round trip, gzipped", () => {
  const sizes = publicPages().map((page) => ({
    path: page.path,
    bytes: gzipSync(readFileSync(page.file), { level: 6 }).byteLength,
  }));
  expect(sizes.length).toBeGreaterThan(10);
  expect(sizes.filter((size) => size.bytes > FIRST_ROUND_TRIP_BYTES)).toEqual([]);
});
