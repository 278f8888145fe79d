/**
 * Getting paid on a phone (the phone project, 390 × 844). The whole journey, with the receipt, the
 * invoice and the guarantee arriving as e-mails and the server's refusals, is payments.spec.ts at
 * 1280 px; here the quotes are sent, accepted, paid and cancelled through the API, and the browser
 * checks what a phone changes: the quote page's payment section, the Money panel, recording a bank
 * payment and completing the job by touch, the guarantee check and a refund to confirm, each fitting
 * the screen with no axe violation. Screenshots go to test-results/payments/.
 */
import { test } from "@playwright/test";
import { guaranteeEnd } from "../../src/lib/payments/payment-rules";
import { formatIsoDay } from "../../src/lib/proposals/uk-time";
import { londonDate } from "../../src/lib/visits/london-time";
import { expectNoA11yViolations } from "./helpers/a11y";
import { openDeskPanels } from "./helpers/desk-panels";
import { expect, jobDone } from "./helpers/lead-desk";
import {
  acceptQuote,
  cancelledAfterDeposit,
  clearGuaranteeChecks,
  expectNoSidewaysScroll,
  moneyEntry,
  sectionShot,
  sentRidgeQuote,
  signIn,
} from "./helpers/written-quotes";

test.describe.configure({ timeout: 150_000 });
// The owner and his customers: British dates in the date fields, UK time.
test.use({ locale: "en-GB", timezoneId: "Europe/London" });

const SHOTS = "test-results/payments";

test("on a phone: the deposit on the quote page, the Money panel, a bank payment, completion and the guarantee check", async ({
  page,
  request,
}) => {
  const { customer, leadId, quote } = await sentRidgeQuote(page, request, "Paid");
  // Accepted without the property's address.
  await acceptQuote(request, quote, customer);

  await page.goto(quote.customerUrl);
  const payment = page.getByRole("region", { name: "Payment" });
  await expect(payment.locator("[data-due-now]")).toHaveText("£225.00");
  await expect(payment.getByRole("definition").filter({ hasText: quote.number })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoA11yViolations(page, "quote page on a phone: payment");
  await sectionShot(page, "[data-payment]", SHOTS, "quote-payment");

  // The Money panel, folded on a phone, lists the deposit; the customer's name opens the lead.
  await signIn(page);
  await openDeskPanels(page);
  const owed = moneyEntry(page, customer);
  await expect(owed).toContainText("£225.00");
  await expectNoA11yViolations(page, "desk on a phone: money panel");
  await sectionShot(page, "[data-money]", SHOTS, "money-panel");

  // Recording the deposit from the desk's first screen: the deposit under Today (one tap) opens the
  // lead at its payments, the amount due filled in and today's date set; Record payment (one more).
  const deposit = page
    .getByRole("region", { name: "Today" })
    .getByRole("button", { name: new RegExp(`^${customer}.*£225\\.00 · deposit on quote ${quote.number}`) });
  await deposit.scrollIntoViewIfNeeded();
  await deposit.tap();
  const payments = page.getByRole("region", { name: "Payments" });
  await expect(payments).toBeFocused({ timeout: 45_000 });
  await expect(payments.getByLabel("Amount (£)")).toHaveValue("225.00");
  await expect(payments.getByLabel("Day it arrived")).toHaveValue(londonDate(Date.now()));
  await expect(payments.getByRole("button", { name: "Record payment" })).toBeInViewport({ ratio: 1 });
  await expect(payments.getByLabel("Amount (£)")).toBeInViewport({ ratio: 1 });
  // What the owner sees after the tap, as it is on his screen.
  await page.screenshot({ path: `${SHOTS}/desk-deposit-to-record-390.png` });
  // The lead, read again after the payment, arrives slowly (as from a phone on a poor signal): the
  // status set as soon as the payment is confirmed must still carry the lead's new version.
  let slowed = false;
  await page.route(`**/api/admin/contact-submissions/${leadId}`, async (route) => {
    if (route.request().method() === "GET" && !slowed) {
      slowed = true;
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
    await route.continue();
  });
  await payments.getByRole("button", { name: "Record payment" }).tap();
  await expect(
    payments.getByText(/^£225\.00 recorded\. Receipt R-\d{6} is on its way to the customer\.$/),
  ).toBeVisible();
  const question = await jobDone(page, { confirm: false, tap: true });
  await expect(question).toContainText("An invoice for £675.00");
  await expectNoSidewaysScroll(page);
  await sectionShot(page, "[data-job-done]", SHOTS, "desk-job-done");
  await question.getByRole("button", { name: "Confirm: job done" }).tap();
  const address = page.getByRole("form", { name: "The property's address" });
  await expect(address.getByLabel("First line of the address")).toBeFocused();
  await expectNoSidewaysScroll(page);
  await expectNoA11yViolations(page, "desk on a phone: the property's address");
  await sectionShot(page, "[data-property-address]", SHOTS, "desk-address");
  await address.getByLabel("First line of the address").fill("Craigend Cottage");
  await address.getByLabel("Town").fill("Kippen");
  await address.getByLabel("Postcode").fill("FK8 3DN");
  await address.getByRole("button", { name: "Complete the job" }).tap();
  const guaranteeLink = payments.getByRole("link", { name: /^Guarantee G-[0-9A-Z]{4}-[0-9A-Z]{4} \(PDF\)$/ });
  await expect(guaranteeLink).toBeVisible();
  await expect(payments.getByRole("link", { name: /^Invoice INV-\d{6} \(PDF\)$/ })).toBeVisible();
  const guarantee = /G-[0-9A-Z]{4}-[0-9A-Z]{4}/.exec((await guaranteeLink.textContent()) ?? "")![0];
  await expectNoSidewaysScroll(page);
  await expectNoA11yViolations(page, "desk on a phone: payments");
  await payments.scrollIntoViewIfNeeded();
  await sectionShot(page, "[data-payments]", SHOTS, "desk-payments");
  const emails = page.getByRole("region", { name: "E-mails" });
  await expect(emails).toContainText(/Review request: waits for invoice INV-\d{6} to be paid/);
  await sectionShot(page, 'section[aria-labelledby="notifications-heading"]', SHOTS, "desk-review-waits");

  await clearGuaranteeChecks();
  await page.goto("/guarantee");
  // The check's script starts after the first paint.
  await expect(page.locator("[data-guarantee-form]")).toHaveAttribute("data-ready", "true");
  // Typed as people type it from paper: small letters, no dashes, the postcode without its space.
  await page.getByLabel("Certificate number").fill(guarantee.replaceAll("-", " ").toLowerCase());
  await page.getByLabel("Property postcode").fill("fk83dn");
  await page.getByRole("button", { name: "Check guarantee" }).tap();
  const today = londonDate(Date.now());
  const valid = page.getByText(`Valid until ${formatIsoDay(guaranteeEnd(today, 5))}`);
  await expect(valid).toBeVisible({ timeout: 30_000 });
  // The answer is brought into view below the form.
  await expect(valid).toBeInViewport({ ratio: 1 });
  await expectNoSidewaysScroll(page);
  await expectNoA11yViolations(page, "/guarantee on a phone: valid");
  await sectionShot(page, "[data-guarantee-result]", SHOTS, "guarantee-valid");
});

test("on a phone: a quote cancelled after its deposit leaves a refund to confirm", async ({
  page,
  request,
}) => {
  const { customer, quote } = await cancelledAfterDeposit(page, request);

  await page.reload();
  await openDeskPanels(page);
  const refunds = moneyEntry(page, customer);
  await expect(refunds).toContainText(`Quote ${quote.number} cancelled`);
  await refunds.getByRole("button", { name: customer }).tap();
  const payments = page.getByRole("region", { name: "Payments" });
  const refund = payments.getByRole("group", { name: "Refund to confirm" });
  // The lead, its quotes, then its payments: three first calls one after the other (payments.spec.ts).
  await expect(refund.getByLabel("Amount refunded (£)")).toHaveValue("96.00", { timeout: 45_000 });
  await expectNoSidewaysScroll(page);
  await expectNoA11yViolations(page, "desk on a phone: refund to confirm");
  await sectionShot(page, "[data-payments]", SHOTS, "desk-refund");
  await refund.getByRole("button", { name: "Confirm refund" }).tap();
  await expect(payments.getByText("Refund of £96.00 confirmed.", { exact: true })).toBeVisible();
  await expect(refund).toHaveCount(0);
});
