/**
 * The content editor in the production build (docs/content-editor.md): only /admin/ loads the CMS's
 * script, and no page of the site loads or links it or is in the sitemap under /admin.
 * tests/e2e/content-editor.spec.ts checks the page as served and drives the editor.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { builtPages, DIST, sitemapPaths } from "../../scripts/lib/dist";

test("only the content editor's page loads the CMS, and the sitemap leaves it out", () => {
  expect(sitemapPaths().filter((path) => path.startsWith("/admin"))).toEqual([]);
  // The public pages neither load nor link the CMS's script.
  const pages = builtPages();
  expect(pages.map((page) => page.path)).toContain("/");
  for (const { path, file } of pages) {
    expect.soft(readFileSync(file, "utf8"), path).not.toContain("sveltia-cms");
  }
  expect(readFileSync(join(DIST, "admin", "index.html"), "utf8")).toContain("sveltia-cms.js");
});
