/**
 * The project's accessibility rules (docs/quality.md, The bars: WCAG 2.2 AA through axe). Every screen is held
 * to the same rules: the sitemap sweep in a11y.spec.ts uses this, and so should the quote form's
 * error state, the gallery dialog and the admin screens:
 *
 *   await expectNoA11yViolations(page, "quote form with errors");
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { requestPath } from "./site";

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] as const;

/** axe violations on the page as it is now, one readable line per failing element. */
export async function a11yViolations(page: Page, options: { include?: string; exclude?: string[] } = {}) {
  let builder = new AxeBuilder({ page }).withTags([...WCAG_TAGS]);
  if (options.include) builder = builder.include(options.include);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact}): ${node.target.join(" ")} — ${node.failureSummary ?? violation.help}`,
    ),
  );
}

/** Fails the test (softly, so every screen is reported) when axe finds any violation. */
export async function expectNoA11yViolations(
  page: Page,
  label = page.url(),
  options: { include?: string; exclude?: string[] } = {},
): Promise<void> {
  expect.soft(await a11yViolations(page, options), `axe violations on ${label}`).toEqual([]);
}

/** Opens each page in turn (a step each, answering 200, or 404 for /404) and runs axe on it. */
export async function expectPagesWithoutViolations(page: Page, paths: readonly string[]): Promise<void> {
  for (const path of paths) {
    await test.step(path, async () => {
      const response = await page.goto(requestPath(path), { waitUntil: "load" });
      expect(response?.status(), path).toBe(path === "/404" ? 404 : 200);
      await expectNoA11yViolations(page, path);
    });
  }
}

/**
 * From the top of the page, Tab: the skip link is the first stop and shows in the viewport; Enter
 * moves the focus to the page's main content, `main`.
 */
export async function expectSkipLinkTo(page: Page, main: string): Promise<void> {
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.locator(main)).toBeFocused();
}
