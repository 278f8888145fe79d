/**
 * The content editor at /admin/ (docs/content-editor.md) on a phone: the real Sveltia CMS from the
 * production build fits the screen. tests/e2e/content-editor.spec.ts drives the rest on a desktop.
 */
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { readFolder } from "./helpers/checkout";
import { openLocalRepository } from "./helpers/local-repository";

test.describe("on a phone", () => {
  test("the collections and a service's form fit the screen", async ({ page }) => {
    await openLocalRepository(page, readFolder(join(import.meta.dirname, "..", ".."), "content"));
    await page.getByRole("treeitem", { name: "Services", exact: true }).click();
    await page.getByRole("row", { name: /Roof Repairs/ }).click();
    await expect(page.getByRole("textbox", { name: "Service name" })).toHaveValue("Roof Repairs");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
