/** The phone layout's side menu (src/components/Header.astro), as the phone specs check it. */
import { expect, type Locator, type Page } from "@playwright/test";

/** Escape closes the open side menu `menu`; the focus goes back to its `toggle`, marked closed. */
export async function expectEscapeClosesMenu(page: Page, menu: Locator, toggle: Locator): Promise<void> {
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
}
