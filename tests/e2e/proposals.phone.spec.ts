/**
 * The written quote on a phone (the phone project, 390 × 844). The whole journey, with its e-mails,
 * its exact messages and a second device, is proposals.spec.ts at 1280 px; here the quotes are made
 * and sent through the desk's API, and the browser checks what a phone changes: the customer opens,
 * ticks an option, accepts and declines by touch, the owner saves a draft and reads his quotes, each
 * state fits the screen and axe finds nothing. Screenshots go to test-results/proposals/.
 */
import { test, type Page } from "@playwright/test";
import { expectNoA11yViolations } from "./helpers/a11y";
import { expect, uniqueName } from "./helpers/lead-desk";
import {
  acceptOnPage,
  expectNoSidewaysScroll,
  openLead,
  quotedCustomer,
  sendQuote,
  signIn,
  startChimneyDraft,
  submitLead,
} from "./helpers/written-quotes";

test.describe.configure({ timeout: 120_000 });

const shot = (page: Page, name: string) =>
  page.screenshot({
    path: `test-results/proposals/${name}-${page.viewportSize()!.width}.png`,
    fullPage: true,
  });

test("the customer's quote page on a phone: opened, an option ticked and accepted; another declined", async ({
  page,
  request,
}) => {
  const lastName = uniqueName("Quote");
  // The property's address given with the request: the page names it at the top.
  const leadId = await submitLead(request, quotedCustomer(lastName), {
    addressLine1: "12 High Street",
    town: "Stirling",
    postcode: "FK8 1AA",
  });
  await signIn(page);
  // £672.00 + 20% VAT = £806.40, deposit 25 %; with the optional gutters £866.38.
  const quote = await sendQuote(page, leadId, {
    lines: [
      { description: "Re-point the chimney stack", quantity: 1, unitPrice: 45000, vatRate: 20 },
      { description: "Replace 12 slates", quantity: 12, unitPrice: 1850, vatRate: 20 },
      {
        description: "Clean and seal the gutters",
        quantity: 2.5,
        unitPrice: 1999,
        vatRate: 20,
        optional: true,
      },
    ],
    depositPercent: 25,
  });
  // Another customer's quote, to decline: a new quote on the same lead would withdraw the first.
  const other = uniqueName("Quote");
  const declined = await sendQuote(page, await submitLead(request, quotedCustomer(other)), {
    lines: [
      { description: "Renew the flat roof over the kitchen", quantity: 1, unitPrice: 215000, vatRate: 20 },
    ],
    depositPercent: 10,
  });

  await page.goto(quote.customerUrl);
  await expect(page.getByRole("heading", { name: `Quote for Ailsa ${lastName}`, level: 1 })).toBeVisible();
  const total = page.locator("[data-total]");
  await expect(total).toHaveText("£806.40");
  // The first screen: the property, the total, until when, Accept and the PDF, above the action bar.
  const firstScreen = 844 - 72;
  const headline = page.locator("[data-headline-total]");
  await expect(headline).toHaveText("£806.40");
  const property = page.locator("[data-property]");
  await expect(property).toHaveText("12 High Street, Stirling FK8 1AA");
  const summary = page.locator("[data-quote-summary]");
  const validUntil = await page
    .locator("dt", { hasText: "Valid until" })
    .locator("xpath=following-sibling::dd[1]")
    .textContent();
  await expect(summary).toContainText(`You can accept it until ${validUntil}.`);
  for (const control of [
    property,
    headline,
    page.getByRole("link", { name: "Accept", exact: true }),
    page.getByRole("link", { name: "Download the PDF" }),
  ]) {
    const box = (await control.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(firstScreen);
  }
  const pdf = await page.request.get(
    (await page.getByRole("link", { name: "Download the PDF" }).getAttribute("href"))!,
  );
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  await expectNoSidewaysScroll(page);
  await expectNoA11yViolations(page, "quote page on a phone: open");
  await shot(page, "quote-open");

  await page.getByRole("checkbox", { name: /Clean and seal the gutters/ }).tap();
  await expect(total).toHaveText("£866.38");
  await expect(headline).toHaveText("£866.38");
  // Accept at the top is one tap to the form.
  await page.getByRole("link", { name: "Accept", exact: true }).tap();
  await expect(page.getByRole("heading", { name: "Accept this quote" })).toBeInViewport();
  await expect(page.locator("[data-deposit]")).toHaveText("£216.60");
  await page.getByRole("textbox", { name: "Your full name" }).fill(`Ailsa ${lastName}`);
  await page.getByRole("checkbox", { name: "I have read this quote and its terms" }).tap();
  await acceptOnPage(page, { line1: "4 Main Street", town: "Kippen", postcode: "fk8 3dn" }, { tap: true });
  await expect(page.getByText("£866.38 including VAT")).toBeVisible();
  await expect(page.getByRole("region", { name: "Payment" }).locator("[data-due-now]")).toHaveText("£216.60");
  // The property as accepted, and until when she can cancel said once, in the decision's first screen.
  await expect(property).toHaveText("4 Main Street, Kippen FK8 3DN");
  await expect(page.getByText(/You can cancel until/)).toHaveCount(1);
  const cancelUntil = (await page.locator("[data-cancel-until]").boundingBox())!;
  expect(cancelUntil.y + cancelUntil.height).toBeLessThanOrEqual(firstScreen);
  await expectNoSidewaysScroll(page);
  await expectNoA11yViolations(page, "quote page on a phone: accepted");
  await shot(page, "quote-accepted");

  await page.goto(declined.customerUrl);
  await page
    .getByRole("textbox", { name: "Your reason (optional)" })
    .fill("We have decided to wait until spring.");
  await page.getByRole("button", { name: "Decline", exact: true }).tap();
  await expect(page.getByRole("heading", { name: "You declined this quote" })).toBeFocused();
  await expectNoSidewaysScroll(page);
  await expectNoA11yViolations(page, "quote page on a phone: declined");
  await shot(page, "quote-declined");
});

test("the desk's written quote on a phone: a draft built by touch, and the quotes on the lead", async ({
  page,
  request,
}) => {
  const lastName = uniqueName("Quote");
  const leadId = await submitLead(request, quotedCustomer(lastName));
  await signIn(page);
  // An answered quote for the list, then a new draft built on the screen.
  await sendQuote(page, leadId, {
    lines: [{ description: "Renew the lead flashing", quantity: 1, unitPrice: 40000, vatRate: 20 }],
    depositPercent: 20,
  });
  await openLead(page, quotedCustomer(lastName));
  await expect(page.getByRole("list", { name: "Quotes on this lead" })).toContainText("Sent");

  await startChimneyDraft(page, { tap: true });
  await expect(page.locator("[data-desk-total]")).toHaveText("£806.40");
  await page.getByRole("button", { name: "Save draft" }).tap();
  await expect(page.getByText("Draft saved")).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoA11yViolations(page, "desk on a phone: draft quote");
  await page.getByRole("heading", { name: "Written quote" }).scrollIntoViewIfNeeded();
  await shot(page, "desk-draft");
});

test("a five-line quote from the price list on a phone: two taps and a quantity a line, the totals as typed", async ({
  page,
  request,
}) => {
  const lastName = uniqueName("Quote");
  await submitLead(request, quotedCustomer(lastName));
  await signIn(page);
  await openLead(page, quotedCustomer(lastName));
  // Every tap the owner makes, counted as he makes it; a select is two (open it, choose).
  let taps = 0;
  const tap = async (name: string) => {
    taps += 1;
    await page.getByRole("button", { name }).tap();
  };
  const pick = async (item: RegExp, quantity: string) => {
    taps += 2;
    const select = page.getByLabel("Add from the price list");
    await select.selectOption(await select.locator("option", { hasText: item }).getAttribute("value"));
    // The new line's quantity has the focus, its "1" selected: the owner types over it.
    await page.keyboard.type(quantity);
  };

  await tap("New quote");
  await pick(/^Replace broken or slipped slates:/, "14");
  await pick(/^Rebed and repoint ridge tiles:/, "12");
  await pick(/^Replace lead flashing:/, "3.5");
  await pick(/^Scaffold hire:/, "2");
  await pick(/^Loft insulation, 270 mm:/, "40");

  const lines = page.getByRole("list", { name: "Lines" }).getByRole("listitem");
  await expect(lines).toHaveCount(5);
  await expect(lines.nth(1).getByLabel("Description")).toHaveValue(
    "Rebed and repoint ridge tiles (per metre)",
  );
  await expect(lines.nth(1).getByLabel("Quantity")).toHaveValue("12");
  await expect(lines.nth(2).locator("[data-line-amount]")).toHaveText("Line total (no VAT): £227.50");
  await expect(lines.nth(3).getByLabel("Guaranteed")).not.toBeChecked();
  await expect(lines.nth(4).getByLabel("VAT rate")).toHaveValue("0");
  // 14 × £35 + 12 × £48 + 3.5 × £65 + 2 × £450 = £2,193.50 at 20 % (VAT £438.70); 40 × £12 at 0 %.
  await expect(page.locator("[data-desk-total]")).toHaveText("£3,112.20");

  await expectNoSidewaysScroll(page);
  await expectNoA11yViolations(page, "desk on a phone: a quote from the price list");
  await lines.nth(4).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `test-results/proposals/desk-price-list-390.png` });

  page.once("dialog", (dialog) => void dialog.accept());
  await tap("Send to customer");
  taps += 1; // the confirmation's OK
  await expect(page.getByText(/^Quote Q-[A-Z0-9]+-1 sent to the customer$/)).toBeVisible();
  // Typed line by line this quote took 31 taps and fields (docs/lead-desk.md, "Taps").
  expect(taps).toBe(13);
});
