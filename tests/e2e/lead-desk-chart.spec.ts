/**
 * The lead desk's chart (docs/lead-desk.md) at each project's width, desktop and phone: twelve
 * weeks by service or by source, inside the screen, no two week labels overlapping.
 */
import { test } from "@playwright/test";
import { expectNoA11yViolations } from "./helpers/a11y";
import { openDeskPanels } from "./helpers/desk-panels";
import { expect, submitQuote, uniqueName, unlock } from "./helpers/lead-desk";

test.describe.configure({ timeout: 120_000 });

test("the chart shows 12 weeks by service or by source and fits the screen", async ({ page, request }) => {
  await submitQuote(request, uniqueName());
  await page.goto("/contact-admin");
  await unlock(page);
  await openDeskPanels(page);
  const chart = page.getByRole("region", { name: "Leads per week" });
  await expect(chart.getByRole("img")).toHaveAttribute(
    "aria-label",
    /leads in the last 12 weeks, by service/,
  );
  await expect(chart.getByRole("listitem").filter({ hasText: "Roughcasting" })).toBeVisible();
  await chart.getByRole("button", { name: "By source" }).click();
  await expect(chart.getByRole("button", { name: "By source" })).toHaveAttribute("aria-pressed", "true");
  await expect(chart.getByRole("img")).toHaveAttribute("aria-label", /by source/);
  await chart.getByText("Show the numbers").click();
  await expect(chart.getByRole("table").getByRole("row")).toHaveCount(13);
  const overflow = await chart.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoA11yViolations(page, "lead chart by source");
  // Every week's bar, and no two week labels overlapping, at this screen's width.
  const labels = await chart.locator("[aria-hidden=true] > div").evaluateAll((cells) =>
    cells
      .filter((cell) => getComputedStyle(cell).visibility === "visible")
      .map((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        const box = range.getBoundingClientRect();
        return { left: box.left, right: box.right };
      }),
  );
  expect(labels.length).toBeGreaterThanOrEqual(6);
  for (let index = 1; index < labels.length; index++)
    expect(labels[index]!.left).toBeGreaterThan(labels[index - 1]!.right + 2);
});
