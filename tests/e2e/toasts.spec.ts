import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD_PX } from "../../src/lib/constants";

/**
 * The shared toaster (docs/spec.md, Constants), raised here by the quote form's file picker, which needs no
 * server: one toast at a time, gone after TOAST_DURATION_MS, swiped away to the right, F8 focuses it.
 */
const tinyJpeg = (name: string) => ({
  name,
  mimeType: "image/jpeg",
  buffer: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0]),
});

/**
 * The form, hydrated, with the browser's clock stopped: a toast then stays until the test moves
 * time on (or dismisses it), however long the browser takes meanwhile.
 */
async function openForm(page: Page) {
  await page.clock.install();
  await page.goto("/contact");
  await page.locator("#quote-form astro-island:not([ssr])").waitFor({ state: "attached" });
  await page.clock.pauseAt(Date.now() + 1000);
}

const picker = (page: Page) => page.getByLabel("Photos or documents (optional)");
const tooMany = (page: Page) =>
  picker(page).setInputFiles(Array.from({ length: 6 }, (_, i) => tinyJpeg(`photo-${i}.jpg`)));
const region = (page: Page) => page.getByRole("region", { name: `Notifications (${TOAST_HOTKEY})` });
/** The file-picker toasts are destructive, so each is announced as an alert. */
const toasts = (page: Page) => region(page).getByRole("alert");

test("one toast at a time, and each goes after TOAST_DURATION_MS", async ({ page }) => {
  await openForm(page);
  await tooMany(page);
  await expect(toasts(page)).toHaveText(/Too many files/);

  await picker(page).setInputFiles([
    { name: "huge.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(5 * 1024 * 1024 + 1) },
  ]);
  await expect(toasts(page)).toHaveCount(1);
  await expect(toasts(page)).toHaveText(/Files too large/);

  await page.clock.runFor(TOAST_DURATION_MS - 500);
  await expect(toasts(page)).toHaveText(/Files too large/);
  await page.clock.runFor(1000);
  await expect(toasts(page)).toHaveCount(0);
});

test("a toast swiped to the right is dismissed; a short drag is not enough", async ({ page }) => {
  await openForm(page);
  await tooMany(page);
  const toast = region(page).getByRole("listitem");
  await expect(toast).toHaveCount(1);
  const box = (await toast.boundingBox())!;
  const y = box.y + box.height / 2;
  const x = box.x + 20;

  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + TOAST_SWIPE_THRESHOLD_PX / 2, y, { steps: 4 });
  await page.mouse.up();
  await expect(toast).toHaveCount(1);

  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + TOAST_SWIPE_THRESHOLD_PX + 30, y, { steps: 6 });
  await page.mouse.up();
  await expect(toast).toHaveCount(0);
});

test("F8 moves focus to the notifications, and an open toast passes axe", async ({ page }) => {
  await openForm(page);
  await tooMany(page);
  await expect(toasts(page)).toBeVisible();
  await page.keyboard.press(TOAST_HOTKEY);
  await expect(region(page).getByRole("list")).toBeFocused();
  // axe waits on timers of its own: move the stopped clock on a millisecond at a time until it is
  // done, far short of the toast's TOAST_DURATION_MS. In legacy mode axe runs in this page alone:
  // otherwise it opens a blank page of its own and closes it, and a clock step taken while that page
  // closes fails with "Target page, context or browser has been closed" (4 of 20 runs).
  let analysed = false;
  const analysis = new AxeBuilder({ page })
    .setLegacyMode(true)
    .include('section[aria-label^="Notifications"]')
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze()
    .finally(() => (analysed = true));
  while (!analysed) await page.clock.runFor(1);
  expect((await analysis).violations).toEqual([]);
  await expect(toasts(page)).toBeVisible();
  await region(page).getByRole("button", { name: "Dismiss notification" }).click();
  await expect(toasts(page)).toHaveCount(0);
});
