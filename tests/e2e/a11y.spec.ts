/**
 * axe at 1280 px on every page the build makes (docs/quality.md, the WCAG bar): the layout and
 * every page's own text. At 390 px one page of each template is checked (a11y.phone.spec.ts).
 */
import { expect, test } from "@playwright/test";
import { expectPagesWithoutViolations } from "./helpers/a11y";
import { allPagePaths, shard } from "./helpers/site";

const SHARDS = 3;

test.describe("axe finds no WCAG 2.2 AA violation", () => {
  for (let index = 0; index < SHARDS; index++) {
    test(`on every page of the site (part ${index + 1} of ${SHARDS})`, async ({ page }) => {
      expect(allPagePaths()).toContain("/");
      const paths = shard(allPagePaths(), index, SHARDS);
      test.setTimeout(30_000 + paths.length * 15_000);
      await expectPagesWithoutViolations(page, paths);
    });
  }
});
