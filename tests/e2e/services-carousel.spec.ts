/**
 * The category carousel on /services at each project's width, desktop and phone: which slide is
 * centred and how far a move goes follow the slides' widths, which differ by layout.
 */
import { expect, test } from "@playwright/test";
import { CAROUSEL_INTERVAL_MS } from "../../src/lib/constants";

test.describe("the category carousel", () => {
  test.beforeEach(async ({ page }) => {
    // A paused clock: autoplay's timer fires only when the test advances time.
    const start = new Date("2024-01-15T10:00:00Z");
    await page.clock.install({ time: start });
    await page.clock.pauseAt(new Date(start.getTime() + 1000));
    await page.goto("/services");
    // The Pause button appears once the island has hydrated and autoplay is running.
    await expect(page.getByRole("button", { name: "Pause carousel" })).toBeVisible();
  });

  const current = (page: import("@playwright/test").Page) =>
    page.getByRole("region", { name: "Service categories" }).locator('button[aria-current="true"]');

  test("advances every CAROUSEL_INTERVAL_MS and cycles through the four categories", async ({ page }) => {
    await expect(current(page)).toHaveAccessibleName("Show Repair Services");
    await page.clock.runFor(CAROUSEL_INTERVAL_MS - 300);
    await expect(current(page)).toHaveAccessibleName("Show Repair Services");
    await page.clock.runFor(600);
    await expect(current(page)).toHaveAccessibleName("Show Installation Services");
    for (const name of ["Maintenance Services", "Specialist Services", "Repair Services"]) {
      await page.clock.runFor(CAROUSEL_INTERVAL_MS);
      await expect(current(page)).toHaveAccessibleName(`Show ${name}`);
    }
  });

  test("the dots jump to a category and the centred slide is the active one", async ({ page }) => {
    await page.getByRole("button", { name: "Show Specialist Services" }).click();
    await expect(current(page)).toHaveAccessibleName("Show Specialist Services");
    const slide = page.getByRole("group", { name: "4 of 4: Specialist Services" });
    await expect(slide).toHaveAttribute("data-active", "true");
    await expect(slide.getByRole("link", { name: "Lead Work" })).toHaveAttribute(
      "href",
      "/services/lead-work",
    );
    await expect(page.getByRole("group", { name: "1 of 4: Repair Services" })).toHaveAttribute(
      "data-active",
      "false",
    );
  });

  test("pauses while the pointer is over it and when Pause is pressed", async ({ page }) => {
    await page.getByRole("group", { name: "1 of 4: Repair Services" }).hover();
    await page.clock.runFor(CAROUSEL_INTERVAL_MS * 2);
    await expect(current(page)).toHaveAccessibleName("Show Repair Services");
    await page.mouse.move(0, 0);
    await page.getByRole("button", { name: "Pause carousel" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Play carousel" }).blur();
    await page.clock.runFor(CAROUSEL_INTERVAL_MS * 2);
    await expect(current(page)).toHaveAccessibleName("Show Repair Services");
  });

  test("arrow keys move between categories", async ({ page }) => {
    await page.getByRole("button", { name: "Next category" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(current(page)).toHaveAccessibleName("Show Installation Services");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(current(page)).toHaveAccessibleName("Show Specialist Services");
  });
});

test("under reduced motion the carousel does not play", async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: "reduce" });
  const page = await context.newPage();
  await page.clock.install();
  await page.goto("/services");
  // No Pause button under reduced motion: wait for the carousel's script to mark it ready instead.
  await page.locator("[data-carousel][data-ready]").waitFor({ state: "attached" });
  await page.getByRole("button", { name: "Show Maintenance Services" }).click();
  await expect(page.getByRole("button", { name: "Show Maintenance Services" })).toHaveAttribute(
    "aria-current",
    "true",
  );
  await expect(page.getByRole("button", { name: /carousel$/ })).toHaveCount(0);
  // Every timer due within two intervals fires now: an autoplay would have moved on.
  await page.clock.runFor(CAROUSEL_INTERVAL_MS * 2);
  await expect(page.getByRole("button", { name: "Show Maintenance Services" })).toHaveAttribute(
    "aria-current",
    "true",
  );
  await context.close();
});
