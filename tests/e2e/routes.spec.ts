import { expect, test } from "@playwright/test";
import { BUILT_IN_SERVICE_SLUGS } from "../../src/lib/content-schemas";

const pages: [path: string, h1: string][] = [
  ["/", "Trusted Roofing & Roughcasting Experts – UK Wide"],
  ["/about", "About Glenbrae Roofing & Roughcasting"],
  ["/services", "Our Professional Services"],
  ["/gallery", "Our Work Gallery"],
  ["/contact", "Contact Us"],
  ["/faq", "Frequently Asked Questions"],
  ["/privacy-policy", "Privacy Policy"],
  ["/terms-of-service", "Terms of Service"],
  ["/cookie-policy", "Cookie Policy"],
  ["/guarantee", "Check a guarantee"],
];

for (const [path, h1] of pages) {
  test(`${path} answers 200 with its heading`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
  });
}

test("every built-in service has its page: breadcrumb, hero, calls to action, features, process, warranty", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const services: { slug: string; name: string; extraFeatures: string[]; warranty?: string }[] = await (
    await request.get("/api/services")
  ).json();
  expect(services.map((s) => s.slug).sort()).toEqual([...BUILT_IN_SERVICE_SLUGS].sort());

  for (const service of services) {
    const response = await page.goto(`/services/${service.slug}`);
    expect(response?.status(), service.slug).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(service.name);
    const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(breadcrumb.getByRole("link")).toHaveText(["Home", "Services", service.name]);
    await expect(page.getByRole("link", { name: "Call Now for Quote" })).toHaveAttribute(
      "href",
      /^tel:0\d+$/,
    );
    await expect(
      page.getByRole("main").getByRole("link", { name: "Get Free Quote" }).first(),
    ).toHaveAttribute("href", "/contact");
    const included = page.getByRole("complementary", { name: "What's Included" }).getByRole("listitem");
    await expect(included).toHaveCount(5 + service.extraFeatures.length);
    await expect(included.first()).toHaveText("Free detailed inspection and quote");
    await expect(page.getByRole("region", { name: "Our Process" }).getByRole("listitem")).toHaveCount(5);
    const warranty = service.warranty ?? "5-year guarantee on repairs, 10-year on installations";
    await expect(page.getByText(warranty, { exact: true })).toBeVisible();
  }
});

test("the extra features of new roof installation follow the defaults", async ({ page }) => {
  await page.goto("/services/new-roof-installation");
  const included = page.getByRole("complementary", { name: "What's Included" }).getByRole("listitem");
  await expect(included.nth(5)).toHaveText("Building regulations compliance");
  await expect(page.getByText("10-year comprehensive warranty", { exact: true })).toBeVisible();
});

test("an unknown service slug shows 'Service Not Found' with status 404", async ({ page }) => {
  const response = await page.goto("/services/thatched-roofs");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Service Not Found");
  await expect(page.getByText("The service you're looking for doesn't exist.")).toBeVisible();
  await page.getByRole("link", { name: "Back to Services" }).click();
  await expect(page).toHaveURL(/\/services$/);
});

test("any other unknown path shows '404 Page Not Found' with status 404", async ({ page }) => {
  const response = await page.goto("/roofing/nowhere");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 Page Not Found");
});

test("legal pages carry the date and the specified terms", async ({ page }) => {
  for (const path of ["/privacy-policy", "/terms-of-service", "/cookie-policy"]) {
    await page.goto(path);
    await expect(page.getByText("Last updated: January 2024")).toBeVisible();
  }
  await page.goto("/terms-of-service");
  const terms = page.getByRole("main");
  for (const claim of [
    "valid for 30 days",
    "never be more than 25% of the contract value",
    "due within 7 days of completion",
    "14-day cooling-off period",
    "5-year guarantee",
    "10-year workmanship and materials warranty",
  ]) {
    await expect(terms).toContainText(claim);
  }
  await page.goto("/cookie-policy");
  await expect(page.getByRole("main")).toContainText("typically 1-2 years");
  await expect(page.getByRole("main")).toContainText("Analytics cookies last up to 24 months");
});
