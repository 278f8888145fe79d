import { expect, test } from "@playwright/test";
import { expectSkipLinkTo } from "./helpers/a11y";
import { BUSINESS, PHONE_HREF } from "./helpers/business";
import { WHATSAPP_GREETING } from "../../src/lib/constants";
import { FOOTER_SERVICE_SLUGS } from "../../src/lib/footer";

test("the skip link is the first stop and moves focus to the main content", async ({ page }) => {
  await page.goto("/about");
  await expectSkipLinkTo(page, "main#main");
});

test.describe("at 1280px", () => {
  // The phone's header and side menu: shared.phone.spec.ts.
  test("the header shows the six links, the phone number and 'Free Quote'", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveText([
      "Home",
      "About Us",
      "Services",
      "Gallery",
      "Contact",
      "FAQ",
    ]);
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: BUSINESS.phone })).toHaveAttribute("href", PHONE_HREF);
    await expect(header.getByRole("link", { name: "Free Quote" })).toHaveAttribute("href", "/contact");
    await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
  });

  test("the active link is marked: Home only on exactly '/', others by path prefix", async ({ page }) => {
    const nav = page.getByRole("navigation", { name: "Main" });
    const current = nav.locator('[aria-current="page"]');
    for (const [path, label] of [
      ["/", "Home"],
      ["/about", "About Us"],
      ["/services", "Services"],
      ["/services/roof-repairs", "Services"],
      ["/faq", "FAQ"],
    ]) {
      await page.goto(path!);
      await expect(current, path).toHaveCount(1);
      await expect(current, path).toHaveText(label!);
    }
    await page.goto("/privacy-policy");
    await expect(current).toHaveCount(0);
  });
});

test("the floating WhatsApp link opens the chat with the prefilled text in a new tab", async ({ page }) => {
  await page.goto("/faq");
  const link = page.getByRole("link", { name: "Chat with us on WhatsApp (opens in a new tab)" });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute(
    "href",
    `https://wa.me/${BUSINESS.whatsapp}?text=Hello!%20I'd%20like%20to%20enquire%20about%20your%20roofing%20services.`,
  );
  expect(decodeURIComponent((await link.getAttribute("href"))!.split("?text=")[1]!)).toBe(WHATSAPP_GREETING);
  await expect(link).toHaveAttribute("target", "_blank");
});

test("the back-to-top button appears after 300px and scrolls to the top", async ({ page }) => {
  await page.goto("/services");
  const button = page.getByRole("button", { name: "Back to top" });
  await expect(button).toBeHidden();
  // At 250 px the button stays hidden: checked once the page has reported that scroll position.
  await page.evaluate(() => window.scrollTo(0, 250));
  await page.waitForFunction(() => window.scrollY === 250);
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await expect(button).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 900));
  await expect(button).toBeVisible();
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(button).toBeHidden();
});

test("the footer links the services, the legal pages and shows the copyright", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  const serviceLinks = footer.getByRole("navigation", { name: "Our Services" }).getByRole("link");
  await expect(serviceLinks).toHaveCount(FOOTER_SERVICE_SLUGS.length);
  for (const [index, slug] of FOOTER_SERVICE_SLUGS.entries()) {
    await expect(serviceLinks.nth(index)).toHaveAttribute("href", `/services/${slug}`);
  }
  await expect(footer).toContainText("Fully Insured & Certified");
  await expect(footer).toContainText("© 2024");
  for (const [name, heading] of [
    ["Privacy Policy", "Privacy Policy"],
    ["Terms of Service", "Terms of Service"],
    ["Cookie Policy", "Cookie Policy"],
  ] as const) {
    await page.getByRole("contentinfo").getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  }
  await page.getByRole("contentinfo").getByRole("link", { name: "Roughcasting" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Roughcasting");
});

test("home shows the first six services, 'View All Services' and three testimonials", async ({ page }) => {
  await page.goto("/");
  const services = page.getByRole("region", { name: "Our Professional Services" });
  await expect(services.getByRole("link", { name: /^Learn More/ })).toHaveCount(6);
  await expect(services.getByRole("link", { name: "Learn More about Roof Repairs" })).toHaveAttribute(
    "href",
    "/services/roof-repairs",
  );
  await services.getByRole("link", { name: "View All Services" }).click();
  await expect(page).toHaveURL(/\/services$/);
  await page.goBack();
  await expect(page.getByRole("region", { name: "What Our Customers Say" }).getByRole("figure")).toHaveCount(
    3,
  );
  await expect(page.getByRole("main").getByRole("link", { name: /^WhatsApp Us/ })).toHaveAttribute(
    "target",
    "_blank",
  );
});
