/**
 * The desk as the owner's app (docs/lead-desk.md, "The desk header" and "Today"), at 390 × 844 and
 * 1280 × 800: locked, the password screen keeps the website's header, footer and buttons as SPEC.md
 * describes it; signed in, the desk's own compact header (skip link, sections, Logout, Back to
 * Website) takes their place, and the desk opens on Today, where a new lead is one tap from its
 * detail. Screenshots go to test-results/desk-today/.
 */
import AxeBuilder from "@axe-core/playwright";
import { test, type Page } from "@playwright/test";
import { expectSkipLinkTo } from "./helpers/a11y";
import { PASSWORD, expect, submitQuote, uniqueName } from "./helpers/lead-desk";

test.describe.configure({ timeout: 180_000 });

const SHOTS = "test-results/desk-today";
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()!.width}.png` });

/** The website's own chrome: its header, footer, action bar and WhatsApp button. */
const siteChrome = (page: Page) => ({
  header: page.locator("body > header"),
  footer: page.locator("body > footer"),
  bar: page.locator("[data-action-bar]"),
  whatsapp: page.getByRole("link", { name: "Chat with us on WhatsApp (opens in a new tab)" }),
});

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

test("locked, the password screen is SPEC.md's, inside the website's header and footer", async ({ page }) => {
  await page.goto("/contact-admin");
  await expect(page.getByRole("heading", { name: "Contact Admin" })).toBeVisible();
  await expect(page.getByLabel("Password")).toBeFocused();
  await expect(page.getByRole("button", { name: "Access Admin" })).toBeVisible();
  const chrome = siteChrome(page);
  await expect(chrome.header).toBeVisible();
  await expect(chrome.bar).toBeVisible();
  await expect(chrome.whatsapp).toBeVisible();
  await expect(chrome.footer).toBeAttached();
  await expect(page.getByRole("link", { name: "Skip to main content" })).toHaveCount(1);
  // Nothing of the signed-in desk.
  await expect(page.getByRole("navigation", { name: "Desk sections" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Logout" })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.hasAttribute("data-desk"))).toBe(false);
  await shot(page, "locked");
});

test("signed in, the desk's header replaces the website's and Today opens a new lead in one tap", async ({
  page,
  request,
}) => {
  const lastName = uniqueName("Today");
  await submitQuote(request, lastName);
  await page.goto("/contact-admin");
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Access Admin" }).click();
  await expect(page.getByRole("heading", { name: "Contact Submissions" })).toBeVisible();

  // The website's header, footer, action bar and floating buttons are gone.
  const chrome = siteChrome(page);
  for (const part of Object.values(chrome)) await expect(part).toBeHidden();
  await expect(page.getByRole("banner")).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);

  // The desk's header: its sections, Logout and Back to Website, in the first screen.
  const sections = page.getByRole("navigation", { name: "Desk sections" });
  for (const name of ["Today", "Leads", "Visits", "Money"])
    await expect(sections.getByRole("link", { name, exact: true })).toBeInViewport();
  const logout = page.getByRole("button", { name: "Logout" });
  await expect(logout).toBeInViewport();
  await expect(page.getByRole("link", { name: "Back to Website" })).toHaveAttribute("href", "/");

  // It opens on Today: the new lead is listed there, with today's other lists in plain words.
  const today = page.getByRole("region", { name: "Today" });
  await expect(today).toBeInViewport();
  for (const heading of [
    "Visits today",
    "New leads waiting",
    "Deposits to come",
    "Quotes to chase",
    "Money overdue",
  ])
    await expect(today.getByRole("heading", { name: new RegExp(`^${heading}`) })).toBeVisible();
  const lead = today.getByRole("button", { name: new RegExp(`Kirsty ${lastName}`) });
  // The desk's first screen asks for a dozen things at once, slow on a busy machine.
  await expect(lead).toBeVisible({ timeout: 45_000 });
  await expectNoAxeViolations(page);
  await shot(page, "today");

  // A section is one tap away. From md the header is sticky: it stays in view, above the section.
  // On a phone it scrolls away with the page: nothing stands over a lead's controls.
  await sections.getByRole("link", { name: "Leads" }).click();
  await expect(page.locator("#desk-leads")).toBeFocused();
  await expect(page.getByRole("searchbox", { name: "Search" })).toBeInViewport();
  const header = page.locator("header", { has: logout });
  if (page.viewportSize()!.width >= 768) {
    await expect(logout).toBeInViewport();
    const headerBottom = (await header.boundingBox())!;
    const leadsTop = (await page.locator("#desk-leads").boundingBox())!.y;
    expect(leadsTop).toBeGreaterThanOrEqual(headerBottom.y + headerBottom.height - 1);
  } else {
    expect(await header.evaluate((node) => getComputedStyle(node).position)).toBe("static");
  }

  // One tap on Today's item opens that lead.
  await sections.getByRole("link", { name: "Today" }).click();
  await lead.click();
  await expect(page.getByRole("button", { name: "Back to List" })).toBeVisible({ timeout: 45_000 });
  await expect(page.getByRole("heading", { name: `Kirsty ${lastName}` })).toBeVisible();
  await expect(page.getByRole("link", { name: /Call Customer/ })).toBeInViewport();
  await shot(page, "lead");

  // From a lead, a section of the desk is still one tap away.
  await sections.getByRole("link", { name: "Today" }).click();
  await expect(page.getByRole("button", { name: "Back to List" })).toHaveCount(0);
  await expect(page.locator("#desk-today")).toBeFocused();

  // Reloaded, the desk is still signed in, and the website's chrome is hidden before the session
  // is even checked (the page reads the flag itself).
  let answer: () => void = () => {};
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route("**/api/admin/session", async (route) => {
    await held;
    await route.continue();
  });
  await page.reload({ waitUntil: "domcontentloaded" });
  await expect(page.getByRole("status").filter({ hasText: "Checking your session..." })).toBeVisible();
  await expect(chrome.header).toBeHidden();
  answer();
  await expect(page.getByRole("heading", { name: "Contact Submissions" })).toBeVisible();
  await page.unroute("**/api/admin/session");
  await expect(chrome.header).toBeHidden();

  // The skip link is the first stop and skips the desk's header.
  await expectSkipLinkTo(page, "#desk-main");

  // Logout locks the desk, and the password screen has the website around it again.
  // Once the desk's own calls are answered: the local functions are slow under many calls at once.
  await expect(page.getByRole("button", { name: "Refresh" })).toBeEnabled({ timeout: 45_000 });
  await logout.click();
  await expect(page.getByLabel("Password")).toBeVisible({ timeout: 45_000 });
  await expect(chrome.header).toBeVisible();
  await expect(chrome.bar).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.hasAttribute("data-desk"))).toBe(false);
});
