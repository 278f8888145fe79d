/**
 * Nothing floats over content (docs/pages.md, "The action bar"), at 390 × 844 and 1280 × 800: on
 * the public pages and the customer's quote page, scrolled from the top to the very end, every
 * fixed button stands on the opaque action bar and on nothing else, and the page's last line
 * scrolls clear above the bar. The signed-in desk has no fixed button at all: its own header takes
 * the place of the bar and the floating buttons (docs/lead-desk.md, "The desk header"). On a phone
 * the bar's Call and Free Quote are in the first screen.
 */
import { test, type Page } from "@playwright/test";
import { PHONE_HREF } from "./helpers/business";
import { expect, uniqueName } from "./helpers/lead-desk";
import { quotedCustomer, sendQuote, signIn, submitLead } from "./helpers/written-quotes";

test.describe.configure({ timeout: 120_000 });

const PUBLIC_PAGES = ["/", "/about", "/services", "/services/roof-repairs", "/gallery", "/faq", "/contact"];

/**
 * At the page's current scroll position, every point of every visible fixed button whose next
 * element down (leaving the button's own insides) is not the action bar: each named by the button
 * and what lies under it. Empty when every button stands on the bar alone.
 */
const buttonsOverContent = (page: Page) =>
  page.evaluate(() => {
    const bar = document.querySelector("[data-action-bar]")!;
    const buttons = [...document.querySelectorAll<HTMLElement>("a, button")].filter((node) => {
      if (getComputedStyle(node).position !== "fixed" || node.closest("dialog")) return false;
      const box = node.getBoundingClientRect();
      return box.width > 0 && box.height > 0;
    });
    const found: string[] = [];
    for (const button of buttons) {
      const box = button.getBoundingClientRect();
      for (const fx of [0.1, 0.5, 0.9])
        for (const fy of [0.1, 0.5, 0.9]) {
          const stack = document.elementsFromPoint(box.left + box.width * fx, box.top + box.height * fy);
          const under = stack.find((node) => !button.contains(node));
          if (under && !bar.contains(under))
            found.push(
              `${button.getAttribute("aria-label") ?? button.textContent?.trim()} over <${under.tagName.toLowerCase()}> "${(under.textContent ?? "").trim().slice(0, 40)}"`,
            );
        }
    }
    return [...new Set(found)];
  });

/** The visible fixed links and buttons of the page, by name. */
const fixedControls = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("a, button")]
      .filter((node) => {
        const box = node.getBoundingClientRect();
        return getComputedStyle(node).position === "fixed" && box.width > 0 && box.height > 0;
      })
      .map((node) => node.getAttribute("aria-label") ?? node.textContent?.trim()),
  );

/** Scrolls from the top to the end in steps of half a screen, checking the buttons at each. */
async function expectNothingUnderButtons(page: Page, where: string) {
  const { height } = page.viewportSize()!;
  const end = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  for (let y = 0; ; y = Math.min(end, y + height / 2)) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
    // The back-to-top button shows on the scroll event, after the frame.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    expect(await buttonsOverContent(page), `${where} at ${y} px`).toEqual([]);
    if (y >= end) break;
  }
  // At the end, the page's last line is above the bar, not behind it.
  const barTop = await page.locator("[data-action-bar]").evaluate((node) => node.getBoundingClientRect().top);
  const footerEnd = await page.evaluate(
    () => document.querySelector("body > footer")!.getBoundingClientRect().bottom,
  );
  expect(footerEnd, `${where}: the footer ends above the bar`).toBeLessThanOrEqual(barTop + 0.5);
}

test("the public pages: every fixed button stands on the action bar, from the top to the end", async ({
  page,
}) => {
  for (const path of PUBLIC_PAGES) {
    await page.goto(path);
    const bar = page.locator("[data-action-bar]");
    await expect(bar, path).toBeInViewport();
    // Opaque: what scrolls behind it is hidden, not shown through.
    expect(await bar.evaluate((node) => getComputedStyle(node).backgroundColor), path).toBe(
      "rgb(255, 255, 255)",
    );
    await expectNothingUnderButtons(page, path);
  }
});

test("the customer's quote page and the desk: nothing under a fixed button either", async ({
  page,
  request,
}) => {
  const leadId = await submitLead(request, quotedCustomer(uniqueName("Bar")));
  await signIn(page);
  await expect(page.locator("[data-action-bar]")).toBeHidden();
  expect(await fixedControls(page), "the desk").toEqual([]);
  const quote = await sendQuote(page, leadId, {
    lines: [
      { description: "Renew the flat roof over the kitchen", quantity: 1, unitPrice: 215000, vatRate: 20 },
    ],
    depositPercent: 10,
  });
  await page.goto(quote.customerUrl);
  await expect(page.getByRole("button", { name: /^Accept/ }).first()).toBeVisible();
  await expectNothingUnderButtons(page, "the quote page");
});

test("on a phone the bar's Call and Free Quote are in every public page's first screen", async ({ page }) => {
  test.skip(page.viewportSize()!.width >= 768, "from md up the header shows the number and Free Quote");
  for (const path of PUBLIC_PAGES) {
    await page.goto(path);
    const bar = page.locator("[data-action-bar]");
    const call = bar.getByRole("link", { name: "Call" });
    await expect(call, path).toHaveAttribute("href", PHONE_HREF);
    await expect(call, path).toBeInViewport();
    await expect(bar.getByRole("link", { name: "Free Quote" }), path).toHaveAttribute("href", "/contact");
    // Big enough for a thumb: 44 px high at least.
    for (const link of [call, bar.getByRole("link", { name: "Free Quote" })])
      expect((await link.boundingBox())!.height, path).toBeGreaterThanOrEqual(44);
  }
});
