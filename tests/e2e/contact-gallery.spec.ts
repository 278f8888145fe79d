import { expect, test } from "@playwright/test";
import { BUSINESS, PHONE_HREF } from "./helpers/business";

test("contact: cards, hours, areas with postcodes, Admin link and emergency banner around the form", async ({
  page,
}) => {
  await page.goto("/contact");
  await expect(page.locator("section#quote-form")).toHaveCount(1);
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: BUSINESS.phone }).first()).toHaveAttribute("href", PHONE_HREF);
  await expect(main).toContainText("Response within 2 hours");
  await expect(main).toContainText("Online 7AM-8PM");
  await expect(main.getByRole("link", { name: /Chat with us/ })).toHaveAttribute("target", "_blank");
  await expect(main).toContainText("9:00 AM-5:00 PM");
  await expect(main).toContainText("Emergency service always available");
  const areas = page.getByRole("region", { name: "Areas We Serve" });
  await expect(areas.getByRole("listitem")).toHaveCount(4);
  await expect(areas).toContainText("Postcodes: FK, G, EH");
  await expect(areas).toContainText("all of Scotland");
  await expect(areas).toContainText("UK-wide");
  await expect(page.getByRole("link", { name: "Admin", exact: true })).toHaveAttribute(
    "href",
    "/contact-admin",
  );
  await expect(page.getByRole("region", { name: "Roofing emergency?" }).getByRole("link")).toHaveAttribute(
    "href",
    PHONE_HREF,
  );
});

test("gallery: hero, mount point and the closing call to action", async ({ page }) => {
  await page.goto("/gallery");
  await expect(page.locator("section#gallery-grid")).toHaveCount(1);
  const cta = page.getByRole("region", { name: "Ready to Transform Your Roof?" });
  await expect(cta.getByRole("link", { name: "Get Free Quote" })).toHaveAttribute("href", "/contact");
  await expect(cta.getByRole("link", { name: "View All Services" })).toHaveAttribute("href", "/services");
});
