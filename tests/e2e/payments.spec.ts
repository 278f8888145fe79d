/**
 * Getting paid (docs/payments.md) in real Chromium against the production build: the customer
 * accepts a written quote and its page shows the deposit with the bank details; the desk's Money
 * panel lists the deposit; the owner records the bank transfer in the lead's Payments and the VAT
 * receipt arrives in MailDev; completing the lead asks for the property's address, then the invoice
 * and the guarantee arrive as two PDFs; the guarantee checks out on /guarantee with its postcode and
 * not with another; a transfer recorded twice is voided with its credit note. axe in each state; screenshots to test-results/payments/. At 1280 px; what a phone
 * changes is payments.phone.spec.ts.
 */
import { test } from "@playwright/test";
import { guaranteeEnd } from "../../src/lib/payments/payment-rules";
import { formatIsoDay } from "../../src/lib/proposals/uk-time";
import { londonDate } from "../../src/lib/visits/london-time";
import { expectNoA11yViolations } from "./helpers/a11y";
import { openDeskPanels } from "./helpers/desk-panels";
import { maildevMails, type MaildevMail } from "./helpers/maildev";
import { expect, jobDone } from "./helpers/lead-desk";
import {
  acceptedFlashingQuote,
  cancelledAfterDeposit,
  clearGuaranteeChecks,
  expectNoSidewaysScroll,
  moneyEntry,
  recordBankPayment,
  screenAt,
  sectionShot,
  sentRidgeQuote,
  signIn,
} from "./helpers/written-quotes";

test.describe.configure({ timeout: 240_000 });
// The owner and his customers: British dates in the date fields, UK time.
test.use({ locale: "en-GB", timezoneId: "Europe/London" });

const SHOTS = "test-results/payments";

/** MailDev's attachments, as its REST API lists them. */
type WithAttachments = MaildevMail & { attachments?: { filename?: string; contentType: string }[] };

async function mailTo(email: string, subject: string): Promise<WithAttachments> {
  let found: WithAttachments | undefined;
  await expect
    .poll(
      async () => {
        found = (await maildevMails()).find(
          (mail) => mail.subject.startsWith(subject) && mail.to.some((to) => to.address === email),
        );
        return Boolean(found);
      },
      { timeout: 30_000, intervals: [250, 500, 1000] },
    )
    .toBe(true);
  return found!;
}

const attachmentNames = (mail: WithAttachments) => (mail.attachments ?? []).map((a) => a.filename);

test("deposit, bank payment and receipt; completion brings the invoice and the guarantee, which checks out on /guarantee", async ({
  page,
  request,
}) => {
  const { who, customer, quote } = await sentRidgeQuote(page, request, "Paid");
  const { email } = who;
  const { customerUrl, number } = quote;

  // The customer accepts without giving the property's address.
  await page.goto(customerUrl);
  await page.getByRole("textbox", { name: "Your full name" }).fill(customer);
  await page.getByRole("checkbox", { name: "I have read this quote and its terms" }).check();
  await page.getByRole("button", { name: "Accept this quote" }).click();
  await expect(page.getByRole("heading", { name: "You accepted this quote" })).toBeFocused();
  const payment = page.getByRole("region", { name: "Payment" });
  await expect(payment.getByText("Deposit due now")).toBeVisible();
  await expect(payment.locator("[data-due-now]")).toHaveText("£225.00");
  for (const [term, value] of [
    ["Account name", "Glenbrae Roofing & Roughcasting"],
    ["Sort code", "12-34-56"],
    ["Account number", "12345678"],
    ["Reference", number],
  ])
    await expect(payment.getByRole("definition").filter({ hasText: value }), term).toBeVisible();
  await expect(payment).toContainText("Paid so far£0.00");
  await expect(payment).toContainText("Still to pay on the job£900.00");
  await expect(page.getByRole("button", { name: "Cancel this quote" })).toBeVisible();
  // No Stripe key on this server: no card button.
  await expect(payment.getByRole("button", { name: /by card/ })).toHaveCount(0);
  await expectNoA11yViolations(page, "quote page: payment");
  await sectionShot(page, "[data-payment]", SHOTS, "quote-payment");

  await page.goto(`${customerUrl}?paid=card`);
  await expect(
    page.getByRole("status").filter({ hasText: "Your card payment is being confirmed" }),
  ).toBeVisible();

  // The desk's Money panel lists the deposit; the customer's name opens the lead.
  await signIn(page);
  await openDeskPanels(page);
  const money = page.getByRole("region", { name: "Money" });
  const owed = moneyEntry(page, customer);
  await expect(owed).toContainText(`Deposit on quote ${number}`);
  await expect(owed).toContainText("£225.00");
  await expect(money.getByRole("link", { name: "Download invoices and payments (CSV)" })).toHaveAttribute(
    "href",
    "/api/admin/invoices?format=csv",
  );
  await expect(money.getByRole("link", { name: "Download invoices for Xero (CSV)" })).toHaveAttribute(
    "href",
    "/api/admin/invoices?format=xero",
  );
  await expect(
    money.getByRole("link", { name: "Download payments for the bank statement (CSV)" }),
  ).toHaveAttribute("href", "/api/admin/invoices?format=payments");
  await expectNoA11yViolations(page, "desk: money panel");
  await sectionShot(page, "[data-money]", SHOTS, "money-panel");
  await owed.getByRole("button", { name: customer }).click();
  const payments = page.getByRole("region", { name: "Payments" });
  await expect(payments.getByText(`Deposit on quote ${number}`)).toBeVisible();

  // More than is owed is refused with the server's words under the field.
  const amount = payments.getByLabel("Amount (£)");
  await amount.fill("1000");
  await payments.getByRole("button", { name: "Record payment" }).click();
  await expect(payments.getByText("That is more than the £900.00 still owed")).toBeVisible();
  await expect(amount).toHaveAttribute("aria-invalid", "true");
  await expect(payments.getByLabel("Day it arrived")).toHaveValue(londonDate(Date.now()));

  await amount.fill("225");
  await payments.getByRole("button", { name: "Record payment" }).click();
  const recorded = payments.getByText(
    /^£225\.00 recorded\. Receipt R-\d{6} is on its way to the customer\.$/,
  );
  await expect(recorded).toBeVisible();
  const receipt = /R-\d{6}/.exec((await recorded.textContent()) ?? "")![0];
  const receiptLink = payments.getByRole("link", { name: `Receipt ${receipt} (PDF)` });
  await expect(receiptLink).toHaveAttribute("href", `/api/admin/documents/${receipt}`);
  const pdf = await page.request.get(`/api/admin/documents/${receipt}`);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  await expect(payments.getByRole("definition").filter({ hasText: "£675.00" })).toBeVisible();
  const receiptMail = await mailTo(email, "Payment received: £225.00");
  expect(attachmentNames(receiptMail)).toEqual([`Receipt ${receipt}.pdf`]);
  await expectNoA11yViolations(page, "desk: payments");
  await expectNoSidewaysScroll(page);

  // Job done says what it sends and sends nothing until confirmed; "Not yet" sends nothing.
  await expect(
    page.getByLabel("Status", { exact: true }).locator("option", { hasText: "Completed" }),
  ).toHaveCount(0);
  const question = await jobDone(page, { confirm: false });
  await expect(question).toContainText(
    `An invoice for £675.00, the balance of quote ${number}, due within 7 days.`,
  );
  await expect(question).toContainText("A guarantee certificate: 5 years (Repairs) from today.");
  await expect(question).toContainText(
    `A request for a review, to ${email}, once the invoice is paid, with one reminder`,
  );
  await expectNoA11yViolations(page, "desk: job done");
  await sectionShot(page, "[data-job-done]", SHOTS, "desk-job-done");
  await question.getByRole("button", { name: "Not yet" }).click();
  await expect(question).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Job done", exact: true })).toBeFocused();
  const invoicesTo = async () =>
    (await maildevMails()).filter(
      (mail) => mail.subject.startsWith("Invoice") && mail.to.some((to) => to.address === email),
    );
  expect(await invoicesTo()).toEqual([]);
  // Confirmed, completing asks for the property's address, then issues the invoice and the guarantee.
  await jobDone(page);
  const address = page.getByRole("form", { name: "The property's address" });
  await expect(address.getByRole("alert")).toHaveText(
    "Enter the property's address before completing: it goes on the guarantee certificate",
  );
  await expect(address.getByLabel("First line of the address")).toBeFocused();
  await expectNoA11yViolations(page, "desk: the property's address");
  await sectionShot(page, "[data-property-address]", SHOTS, "desk-address");
  await address.getByLabel("First line of the address").fill("Craigend Cottage");
  await address.getByLabel("Town").fill("Kippen");
  await address.getByLabel("Postcode").fill("FK8 3DN");
  await address.getByRole("button", { name: "Complete the job" }).click();
  await expect(page.getByText("Status set to Completed: the invoice and the guarantee")).toBeVisible();
  await expect(address).toHaveCount(0);
  const invoiceLink = payments.getByRole("link", { name: /^Invoice INV-\d{6} \(PDF\)$/ });
  await expect(invoiceLink).toBeVisible();
  const invoice = /INV-\d{6}/.exec((await invoiceLink.textContent()) ?? "")![0];
  const guaranteeLink = payments.getByRole("link", { name: /^Guarantee G-[0-9A-Z]{4}-[0-9A-Z]{4} \(PDF\)$/ });
  await expect(guaranteeLink).toBeVisible();
  const guarantee = /G-[0-9A-Z]{4}-[0-9A-Z]{4}/.exec((await guaranteeLink.textContent()) ?? "")![0];
  await expect(guaranteeLink).toHaveAttribute("href", `/api/admin/documents/${guarantee}`);
  // The invoice is what is due now.
  await expect(payments.getByRole("definition").filter({ hasText: "£675.00" })).toHaveCount(2);
  await expect(payments).toContainText(/Due now\s*£675\.00/);
  // The review request waits for the invoice, and the lead's e-mails say so.
  await expect(page.getByRole("region", { name: "E-mails" })).toContainText(
    `Review request: waits for invoice ${invoice} to be paid, then goes to the customer`,
  );
  await sectionShot(page, 'section[aria-labelledby="notifications-heading"]', SHOTS, "desk-review-waits");
  const invoiceMail = await mailTo(email, `Invoice ${invoice}`);
  expect(attachmentNames(invoiceMail)).toEqual([`Invoice ${invoice}.pdf`, `Guarantee ${guarantee}.pdf`]);
  await payments.scrollIntoViewIfNeeded();
  await sectionShot(page, "[data-payments]", SHOTS, "desk-payments");

  // The Money panel now lists the invoice.
  await page.getByRole("button", { name: "Back to List" }).click();
  await openDeskPanels(page);
  await expect(money.getByRole("listitem").filter({ hasText: customer })).toContainText(`Invoice ${invoice}`);

  // The work is complete: the customer's page shows the invoice and no longer offers to cancel.
  await page.goto(customerUrl);
  await expect(page.getByRole("region", { name: "Payment" })).toContainText(invoice);
  await expect(page.getByRole("heading", { name: "You accepted this quote" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel this quote" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Changed your mind?" })).toHaveCount(0);

  // The guarantee checks out with its postcode, written any way, and not with another.
  await clearGuaranteeChecks();
  await page.goto("/guarantee");
  // The check's script starts after the first paint.
  await expect(page.locator("[data-guarantee-form]")).toHaveAttribute("data-ready", "true");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check a guarantee");
  await page.getByRole("button", { name: "Check guarantee" }).click();
  await expect(page.getByLabel("Certificate number")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Certificate number")).toBeFocused();
  await page.getByLabel("Certificate number").fill(guarantee.toLowerCase());
  await page.getByLabel("Property postcode").fill("fk83dn");
  await page.getByRole("button", { name: "Check guarantee" }).click();
  const today = londonDate(Date.now());
  // The check's function may take its first calls slowly under the CLI on a busy machine.
  const answer = { timeout: 30_000 };
  await expect(page.getByText(`Valid until ${formatIsoDay(guaranteeEnd(today, 5))}`)).toBeVisible(answer);
  await expect(page.getByText("Repairs: Re-bed and point the ridge")).toBeVisible();
  await expect(page.getByText(formatIsoDay(today), { exact: true })).toBeVisible();
  await expectNoA11yViolations(page, "/guarantee: valid");
  await screenAt(page, "#guarantee-form-heading", SHOTS, "guarantee-valid");
  await page.getByLabel("Property postcode").fill("FK8 3DP");
  await page.getByRole("button", { name: "Check guarantee" }).click();
  await expect(
    page.getByText(
      "We could not find a guarantee with that number and postcode. Please check both and try again.",
    ),
  ).toBeVisible(answer);
  await expect(page.getByText(/^Valid until/)).toHaveCount(0);
  await screenAt(page, "#guarantee-form-heading", SHOTS, "guarantee-not-found");
});

test("a quote cancelled within the 14 days after a deposit: the refund waits in the Money panel and is confirmed on the lead", async ({
  page,
  request,
}) => {
  const { customer, quote: sent } = await cancelledAfterDeposit(page, request);

  await page.reload();
  await openDeskPanels(page);
  const refunds = moneyEntry(page, customer);
  await expect(refunds).toContainText(`Quote ${sent.number} cancelled`);
  await expect(refunds).toContainText("£96.00");
  await refunds.getByRole("button", { name: customer }).click();

  const payments = page.getByRole("region", { name: "Payments" });
  const refund = payments.getByRole("group", { name: "Refund to confirm" });
  // The lead, its quotes, then its payments: three calls one after the other, each a first start
  // under the CLI on a busy machine (docs/functions.md, "Under the Netlify CLI").
  await expect(refund).toContainText("had paid £96.00", { timeout: 45_000 });
  const amount = refund.getByLabel("Amount refunded (£)");
  await expect(amount).toHaveValue("96.00");
  await amount.fill("50");
  await refund.getByRole("button", { name: "Confirm refund" }).click();
  await expect(
    refund.getByText("The customer did not ask to start early: the whole amount paid is refunded"),
  ).toBeVisible();
  await expect(amount).toHaveAttribute("aria-invalid", "true");
  await expectNoA11yViolations(page, "desk: refund to confirm");
  await sectionShot(page, "[data-payments]", SHOTS, "desk-refund");
  await amount.fill("96");
  await refund.getByRole("button", { name: "Confirm refund" }).click();
  await expect(payments.getByText("Refund of £96.00 confirmed.", { exact: true })).toBeVisible();
  await expect(payments.getByText(/^Refund of £96\.00 confirmed on /)).toBeVisible();
  await expect(refund).toHaveCount(0);
});

test("a bank transfer recorded twice is voided from the lead: the reason, one confirmation, struck through with its credit note", async ({
  page,
  request,
}) => {
  // £480.00 with VAT, a deposit of £96.00: £30.00 recorded twice leaves £36.00 of it in the Money panel.
  const { who, customer, quote } = await acceptedFlashingQuote(page, request, "Voided");
  const day = londonDate(Date.now());
  await recordBankPayment(page, quote, 3000, day);
  await recordBankPayment(page, quote, 3000, day);

  await page.reload();
  await openDeskPanels(page);
  await moneyEntry(page, customer).getByRole("button", { name: customer }).click();
  const payments = page.getByRole("region", { name: "Payments" });
  const second = payments
    .getByRole("listitem")
    .filter({ hasText: /Receipt R-\d{6}/ })
    .last();
  const receipt = /R-\d{6}/.exec((await second.textContent()) ?? "")![0];

  // The reason is asked for first, and refused empty.
  await second.getByRole("button", { name: "Void…" }).click();
  const form = second.getByRole("group", { name: `Void receipt ${receipt}` });
  await form.getByRole("button", { name: "Void payment" }).click();
  const reason = form.getByLabel("Why was it recorded by mistake?");
  await expect(reason).toHaveAttribute("aria-invalid", "true");
  await reason.fill("The same transfer recorded twice");
  await form.getByRole("button", { name: "Void payment" }).click();

  // Then once more, in a dialog whose Cancel has the focus.
  const dialog = page.getByRole("alertdialog", { name: `Void receipt ${receipt}?` });
  await expect(dialog).toContainText("£30.00 will no longer count as paid");
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectNoA11yViolations(page, "desk: void a payment");
  await page.screenshot({ path: `${SHOTS}/desk-void-dialog-1280.png` });
  await dialog.getByRole("button", { name: "Void payment" }).click();

  const done = payments.getByText(
    new RegExp(`^Receipt ${receipt} voided\\. Credit note CN-\\d{6} is on its way to the customer\\.$`),
  );
  await expect(done).toBeVisible();
  const creditNote = /CN-\d{6}/.exec((await done.textContent()) ?? "")![0];
  await expect(second).toContainText(
    `Voided on ${formatIsoDay(day)} by Owner: The same transfer recorded twice`,
  );
  await expect(second.getByRole("link", { name: `Credit note ${creditNote} (PDF)` })).toHaveAttribute(
    "href",
    `/api/admin/documents/${creditNote}`,
  );
  await expect(second.getByRole("button", { name: "Void…" })).toHaveCount(0);
  await expect(payments.getByRole("definition").filter({ hasText: "£30.00" }).first()).toBeVisible();
  await expectNoA11yViolations(page, "desk: a voided payment");
  await sectionShot(page, "[data-payments]", SHOTS, "desk-voided");
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await sectionShot(page, "[data-payments]", SHOTS, "desk-voided");

  const mail = await mailTo(who.email, `Credit note ${creditNote}`);
  expect(attachmentNames(mail)).toEqual([`Credit note ${creditNote}.pdf`]);
});
