import { expect, test } from "@playwright/test";
import { BUSINESS, PHONE_HREF } from "./helpers/business";

const filters = [
  "All Questions",
  "General",
  "Pricing & Quotes",
  "Services",
  "Emergency",
  "Warranty & Insurance",
];

test("each category filter shows only its questions", async ({ page }) => {
  await page.goto("/faq");
  const questions = page.locator("[data-faq-list] details");
  const visible = page.locator("[data-faq-list] details:visible");
  const total = await questions.count();
  expect(total).toBeGreaterThanOrEqual(14);
  await expect(page.getByRole("button", { name: "All Questions" })).toHaveAttribute("aria-pressed", "true");

  let shown = 0;
  for (const name of filters.slice(1)) {
    await page.getByRole("button", { name, exact: true }).click();
    await expect(page.getByRole("button", { name, exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("button", { name: "All Questions" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    const count = await visible.count();
    expect(count, name).toBeGreaterThan(0);
    expect(count, name).toBeLessThan(total);
    shown += count;
    await expect(page.getByText("No questions found")).toBeHidden();
  }
  expect(shown).toBe(total);

  await page.getByRole("button", { name: "Warranty & Insurance" }).click();
  await expect(visible.filter({ hasText: "What guarantee do you give on your work?" })).toHaveCount(1);
  await expect(visible.filter({ hasText: "How much does a roof repair cost?" })).toHaveCount(0);

  await page.getByRole("button", { name: "All Questions" }).click();
  await expect(visible).toHaveCount(total);
});

test("several questions can be open at once", async ({ page }) => {
  await page.goto("/faq");
  await page.getByText("Are your quotes really free?").click();
  await page.getByText("How quickly can you respond to an emergency?").click();
  await expect(page.getByText("valid for 30 days")).toBeVisible();
  await expect(page.getByText("within 2 hours during normal working hours")).toBeVisible();
  await expect(page.locator("details[open]")).toHaveCount(2);
});

test("a category with no questions shows 'No questions found'", async ({ page }) => {
  // Every real category has questions, so the empty state is reached the way a visitor would:
  // an old or mistyped ?category= link.
  await page.goto("/faq?category=thatching");
  await expect(page.getByText("No questions found")).toBeVisible();
  await expect(page.locator("[data-faq-list] details:visible")).toHaveCount(0);
  await page.getByRole("button", { name: "All Questions" }).click();
  await expect(page.getByText("No questions found")).toBeHidden();
  await expect(page).toHaveURL(/\/faq$/);
});

test("a ?category= link preselects that filter", async ({ page }) => {
  await page.goto("/faq?category=emergency");
  await expect(page.getByRole("button", { name: "Emergency" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.locator("[data-faq-list] details:visible")).toHaveCount(2);
});

test("the call / WhatsApp strip, the tips and the closing call / e-mail block", async ({ page }) => {
  await page.goto("/faq");
  await expect(page.getByRole("link", { name: `Call ${BUSINESS.phone}` }).first()).toHaveAttribute(
    "href",
    PHONE_HREF,
  );
  await expect(page.getByRole("link", { name: /^WhatsApp/ }).first()).toHaveAttribute(
    "href",
    /^https:\/\/wa\.me\//,
  );
  for (const tip of ["Regular Inspections", "Gutter Maintenance", "When to Call Us"]) {
    await expect(page.getByRole("heading", { name: tip })).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "Email Us" })).toHaveAttribute(
    "href",
    "mailto:info@glenbrae-roofing.co.uk",
  );
});
