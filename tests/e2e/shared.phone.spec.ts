/** The shared header on a phone (the phone project, 390 px): the side menu instead of the links. */
import { expect, test } from "@playwright/test";
import { BUSINESS, PHONE_HREF } from "./helpers/business";
import { expectEscapeClosesMenu } from "./helpers/side-menu";

test.describe("at 390px", () => {
  test("the header hides the phone number and 'Free Quote' behind the menu button", async ({ page }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Free Quote" }).first()).toBeHidden();
    await expect(header.getByRole("link", { name: BUSINESS.phone })).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  });

  test("the side menu opens, marks the current page and closes when a link is clicked", async ({ page }) => {
    await page.goto("/services/roughcasting");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(menu.getByRole("link", { name: "Services" })).toHaveAttribute("aria-current", "page");
    await expect(menu.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current");
    await expect(menu.getByRole("link", { name: BUSINESS.phone })).toHaveAttribute("href", PHONE_HREF);
    await menu.getByRole("link", { name: "About Us" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
  });

  test("Escape closes the side menu and returns focus to its button", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await toggle.click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    await expectEscapeClosesMenu(page, menu, toggle);
  });

  test("the close button closes the side menu", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
  });
});
