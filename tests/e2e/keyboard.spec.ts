import { expect, test } from "@playwright/test";

test("the skip link is the first stop and moves focus to the main content", async ({ page }) => {
  await page.goto("/");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.locator("main#main")).toBeFocused();
  await expect(page).toHaveURL(/#main$/);
});

test.describe("side menu", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("opens from the keyboard, traps focus, and Escape closes it and returns focus", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await toggle.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    // Focus is inside the menu and Tab does not leave it for the inert page behind.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      const inside = await menu.evaluate(
        (dialog) => dialog.contains(document.activeElement) || document.activeElement === document.body,
      );
      expect(inside).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
  });

  test("a link in the menu is reachable by keyboard and closes the menu", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).press("Enter");
    const menu = page.getByRole("dialog", { name: "Menu" });
    const contact = menu.getByRole("link", { name: "Contact", exact: true });
    await contact.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
  });
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
