/**
 * axe at 390 px (docs/quality.md, the WCAG bar): one page of each template, the heaviest it builds.
 * What differs on a phone is the layout (the side menu, stacked sections, target sizes), and the
 * pages of one template share it; their text, which axe also reads, is checked on every page at
 * 1280 px by a11y.spec.ts.
 */
import { statSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { builtPages, heaviestPerTemplate } from "../../scripts/lib/dist";
import { expectPagesWithoutViolations } from "./helpers/a11y";
import { allPagePaths, shard } from "./helpers/site";

const SHARDS = 2;

const fileOf = new Map(builtPages().map((page) => [page.path, page.file]));
/** Built pages by their HTML's size; a sitemap path without its own file weighs nothing. */
const weight = (path: string) => {
  const file = fileOf.get(path);
  return file ? statSync(file).size : 0;
};

test.describe("axe finds no WCAG 2.2 AA violation on a phone", () => {
  for (let index = 0; index < SHARDS; index++) {
    test(`on one page of each template (part ${index + 1} of ${SHARDS})`, async ({ page }) => {
      const templates = heaviestPerTemplate(allPagePaths(), weight);
      expect(templates).toEqual(expect.arrayContaining(["/", "/contact", "/contact-admin"]));
      expect(templates.filter((path) => path.startsWith("/services/"))).toHaveLength(1);
      expect(templates.filter((path) => path.startsWith("/areas/"))).toHaveLength(1);
      const paths = shard(templates, index, SHARDS);
      test.setTimeout(30_000 + paths.length * 15_000);
      await expectPagesWithoutViolations(page, paths);
    });
  }
});
