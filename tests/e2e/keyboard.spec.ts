/**
 * Keyboard walkthroughs at each project's width, desktop and phone (docs/quality.md, WCAG 2.2 AA):
 * the controls a keyboard reaches differ by layout. The phone's side menu: keyboard.phone.spec.ts.
 */
import { expect, test } from "@playwright/test";
import { expectSkipLinkTo } from "./helpers/a11y";

test("the skip link is the first stop and moves focus to the main content", async ({ page }) => {
  await page.goto("/");
  await expectSkipLinkTo(page, "main#main");
  await expect(page).toHaveURL(/#main$/);
});

test("every focusable control on the home page shows a visible focus indicator and is at least 24 × 24 px", async ({
  page,
}) => {
  await page.goto("/");
  const seen = new Set<string>();
  const problems: string[] = [];
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press("Tab");
    const info = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2;
      const ring = style.boxShadow !== "none";
      const inline = style.display === "inline";
      return {
        key: `${el.tagName} ${el.getAttribute("href") ?? ""} ${el.textContent?.trim().slice(0, 30) ?? ""} ${el.getAttribute("aria-label") ?? ""}`,
        visible: outline || ring,
        size: [Math.round(box.width), Math.round(box.height)],
        inline,
      };
    });
    if (!info) continue;
    if (seen.has(info.key)) break;
    seen.add(info.key);
    if (!info.visible) problems.push(`${info.key}: no visible focus indicator`);
    // WCAG 2.5.8 exempts links inline in a sentence; every other target is at least 24 × 24.
    if (!info.inline && (info.size[0]! < 24 || info.size[1]! < 24))
      problems.push(`${info.key}: ${info.size.join(" × ")} px`);
  }
  expect(seen.size).toBeGreaterThan(5);
  expect(problems).toEqual([]);
});
