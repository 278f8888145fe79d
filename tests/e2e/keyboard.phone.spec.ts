/** Keyboard walkthrough of the side menu, which only the phone layout has (the phone project, 390 px). */
import { expect, test } from "@playwright/test";
import { expectEscapeClosesMenu } from "./helpers/side-menu";

test.describe("side menu", () => {
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
    await expectEscapeClosesMenu(page, menu, toggle);
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
