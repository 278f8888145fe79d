/** The lead desk on a phone (the phone project, 390 px): what comes first, and the panels folded. */
import { test } from "@playwright/test";
import { expectNoA11yViolations } from "./helpers/a11y";
import { deskPanelsFold } from "./helpers/desk-panels";
import { expect, items, submitQuote, uniqueName, unlock } from "./helpers/lead-desk";

test.describe.configure({ timeout: 120_000 });

test("on a phone the search and the newest lead come first; the panels fold into one line", async ({
  page,
  request,
}) => {
  const lastName = uniqueName();
  await submitQuote(request, lastName);
  await page.goto("/contact-admin");
  await unlock(page);
  const newest = items(page).first();
  await expect(newest).toBeVisible();
  const viewport = page.viewportSize()!;
  const top = (await newest.boundingBox())!.y + (await page.evaluate(() => window.scrollY));
  expect(top).toBeLessThan(viewport.height * 1.5);
  await expect(page.getByRole("region", { name: "Leads per week" })).toBeHidden();
  await expect(deskPanelsFold(page)).toContainText("Waiting for you");
  await deskPanelsFold(page).click();
  await expect(page.getByRole("region", { name: "Leads per week" })).toBeVisible();
  await expectNoA11yViolations(page, "lead desk on a phone, panels open");
});
