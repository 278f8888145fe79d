/**
 * A trade customer (docs/payments.md, "Trade customers: the reverse charge") in real Chromium
 * against the production build: the owner ticks "Trade customer (reverse charge)" in the lead's
 * detail, a VAT number that is not one is refused beside its field, a real one is saved normalised;
 * the quote sent to them shows the price without VAT as the total to pay, each rate's VAT for them
 * to account for and the reverse-charge sentence; the lead then shows the status as fixed. axe in
 * each state; screenshots at 1280 × 800 and 390 × 844 to test-results/trade-customers/.
 */
import { test } from "@playwright/test";
import { REVERSE_CHARGE_TEXT, VAT_NUMBER_MESSAGE } from "../../src/lib/proposals/reverse-charge";
import { expectNoA11yViolations } from "./helpers/a11y";
import { expect, uniqueName } from "./helpers/lead-desk";
import { openLead, payingCustomer, sendQuote, submitLead } from "./helpers/written-quotes";

test.describe.configure({ timeout: 300_000 });
test.use({ locale: "en-GB", timezoneId: "Europe/London" });

const SHOTS = "test-results/trade-customers";

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`the owner marks a trade customer; their quote asks for the net (${viewport.width} px)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const customer = payingCustomer(uniqueName("Trade"));
    const leadId = await submitLead(request, customer);
    await openLead(page, customer);

    const box = page.getByRole("checkbox", { name: "Trade customer (reverse charge)" });
    await box.check();
    const field = page.getByLabel("Their VAT number");
    await field.fill("GB 123");
    await page.getByRole("button", { name: "Save VAT Number" }).click();
    await expect(page.getByRole("alert").filter({ hasText: VAT_NUMBER_MESSAGE })).toBeVisible();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await field.fill("gb 123 4567 89");
    await page.getByRole("button", { name: "Save VAT Number" }).click();
    await expect(page.getByText("Marked as a trade customer")).toBeVisible();
    await expect(page.getByLabel("Their VAT number")).toHaveValue("GB123456789");
    await expectNoA11yViolations(page);
    await field.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/desk-box-${viewport.width}.png` });

    const quote = await sendQuote(page, leadId, {
      lines: [
        { description: "Re-slate the garage roof", quantity: 1, unitPrice: 250000, vatRate: 20 },
        { description: "Loft insulation", quantity: 1, unitPrice: 40000, vatRate: 5 },
      ],
      depositPercent: 20,
    });
    await page.goto(quote.customerUrl);
    const price = page.locator("section", { has: page.getByRole("heading", { name: "The price" }) });
    await expect(price.getByText("Total to pay, no VAT charged (reverse charge)")).toBeVisible();
    // The headline and the price without VAT: the same £2,900.00.
    await expect(price.getByText("£2,900.00", { exact: true })).toHaveCount(2);
    await expect(price.getByText("VAT at 20% on £2,500.00, for you to account for")).toBeVisible();
    await expect(price.getByText(`${REVERSE_CHARGE_TEXT}. Your VAT number: GB123456789.`)).toBeVisible();
    // 20% of the £2,900.00 they pay.
    await expect(price.getByText("£580.00", { exact: true })).toBeVisible();
    await expectNoA11yViolations(page);
    await price.evaluate((node) => node.scrollIntoView({ block: "start" }));
    await page.screenshot({ path: `${SHOTS}/quote-price-${viewport.width}.png` });

    await openLead(page, customer);
    await expect(
      page.getByText("Trade customer (reverse charge), VAT number GB123456789: fixed on the quote sent."),
    ).toBeVisible();
    await expect(page.getByRole("checkbox", { name: "Trade customer (reverse charge)" })).toHaveCount(0);
  });
}
