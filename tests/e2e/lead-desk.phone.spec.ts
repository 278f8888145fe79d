/** The lead desk on a phone (the phone project, 390 px): what comes first (Today), and the panels folded. */
import { test } from "@playwright/test";
import { expectNoA11yViolations } from "./helpers/a11y";
import { deskPanelsFold } from "./helpers/desk-panels";
import { expect, items, submitQuote, uniqueName, unlock } from "./helpers/lead-desk";

test.describe.configure({ timeout: 120_000 });

test("on a phone the desk opens on Today with the new lead in the first screen; the search is one tap away; the panels fold into one line", async ({
  page,
  request,
}) => {
  const lastName = uniqueName();
  await submitQuote(request, lastName);
  await page.goto("/contact-admin");
  await unlock(page);
  const today = page.getByRole("region", { name: "Today" });
  // The desk's first screen asks for a dozen things at once, slow on a busy machine.
  await expect(today.getByRole("button", { name: new RegExp(`^Kirsty ${lastName}`) })).toBeInViewport({
    timeout: 45_000,
  });
  await page.getByRole("navigation", { name: "Desk sections" }).getByRole("link", { name: "Leads" }).click();
  await expect(page.getByRole("searchbox", { name: "Search" })).toBeInViewport();
  await expect(items(page).first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Leads per week" })).toBeHidden();
  await expect(deskPanelsFold(page)).toContainText("Waiting for you");
  await deskPanelsFold(page).click();
  await expect(page.getByRole("region", { name: "Leads per week" })).toBeVisible();
  await expectNoA11yViolations(page, "lead desk on a phone, panels open");
});

test("a lead on a phone reads in the owner's order: Call, Send Email and Text, then the message, in the first screen", async ({
  page,
  request,
}) => {
  const lastName = uniqueName();
  await submitQuote(request, lastName, true);
  await page.goto(`/contact-admin?q=${lastName}`);
  await unlock(page);
  await page.getByRole("button", { name: `View Details for Kirsty ${lastName}` }).click();
  const heading = page.getByRole("heading", { name: `Kirsty ${lastName}` });
  await expect(heading).toBeFocused();
  const call = page.getByRole("link", { name: "Call Customer" });
  await expect(call).toHaveAttribute("href", "tel:07700900456");
  await expect(page.getByRole("link", { name: "Text", exact: true })).toHaveAttribute(
    "href",
    "sms:07700900456",
  );
  await expect(page.getByRole("link", { name: "Send Email" })).toHaveAttribute(
    "href",
    /^mailto:kirsty@example\.co\.uk/,
  );
  const message = page.getByText("The roughcast on the gable is cracking and coming away.");
  // Read at the top of the page, as the detail opens: each wholly inside the 844 px of the screen.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const screen = page.viewportSize()!.height;
  for (const shown of [call, message]) {
    const box = (await shown.boundingBox())!;
    expect(box.y + box.height, (await shown.textContent()) ?? "").toBeLessThanOrEqual(screen);
  }
  // The photo is a thumbnail inside its View link, which opens it full size.
  const view = page.getByRole("link", { name: "View gable.png (opens in a new tab)" });
  await expect(view.locator("img")).toHaveAttribute("src", /^\/api\/admin\/contact-submissions\/.+/);
  await expectNoA11yViolations(page, "a lead's detail on a phone");
});
