/** /services: a service's details, the reasons and the closing call. The carousel: services-carousel.spec.ts. */
import { expect, test } from "@playwright/test";
import { PHONE_HREF } from "./helpers/business";

test("'View Details' expands one service at a time, its description split into paragraphs", async ({
  page,
}) => {
  await page.goto("/services");
  const card = (name: string) =>
    page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name, exact: true }) });
  const repairs = card("Roof Repairs");
  const roughcasting = card("Roughcasting");
  await expect(page.getByRole("button", { name: "View Details" })).toHaveCount(13);

  await repairs.getByRole("button", { name: "View Details" }).click();
  await expect(repairs.getByRole("button", { name: "Hide Details" })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  const repairsDetails = repairs.locator("[id^=details-]");
  await expect(repairsDetails).toBeVisible();
  await expect(repairsDetails.locator("p")).toHaveCount(3);
  await expect(repairsDetails.locator("p").first()).toHaveText(/^Scottish weather finds every weakness/);

  await roughcasting.getByRole("button", { name: "View Details" }).click();
  await expect(roughcasting.getByRole("button", { name: "Hide Details" })).toBeVisible();
  await expect(repairsDetails).toBeHidden();
  await expect(page.getByRole("button", { name: "Hide Details" })).toHaveCount(1);

  await roughcasting.getByRole("button", { name: "Hide Details" }).click();
  await expect(page.getByRole("button", { name: "Hide Details" })).toHaveCount(0);
  await expect(repairs.getByRole("link", { name: /^Get Free Quote/ })).toHaveAttribute("href", "/contact");
});

test("the five reasons and the closing 'Call Now'", async ({ page }) => {
  await page.goto("/services");
  await expect(
    page.getByRole("region", { name: "Why Choose Glenbrae Roofing?" }).getByRole("listitem"),
  ).toHaveCount(5);
  await expect(page.getByRole("link", { name: /^Call Now/ })).toHaveAttribute("href", PHONE_HREF);
});
