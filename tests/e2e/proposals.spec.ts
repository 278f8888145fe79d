/**
 * The written quote (docs/proposals.md) in real Chromium against the production build: the owner
 * builds, previews and sends it from the lead desk; the customer's e-mail arrives in MailDev with
 * the PDF and the link; the customer opens /quote/{token}, ticks an option (totals to the penny),
 * meets the exact messages, accepts with an early start; the owner is told and the desk follows;
 * a second device's accept is refused; another quote is declined; axe in every state. Screenshots
 * of the page and the desk's section go to test-results/proposals/. At 1280 px; what a phone changes
 * is proposals.phone.spec.ts.
 */
import { test, type Page } from "@playwright/test";
import { expectNoA11yViolations } from "./helpers/a11y";
import { maildevMails, type MaildevMail } from "./helpers/maildev";
import { expect, uniqueName } from "./helpers/lead-desk";
import {
  acceptOnPage,
  openLead,
  quotedCustomer,
  sendQuote,
  startChimneyDraft,
  submitLead,
} from "./helpers/written-quotes";

test.describe.configure({ timeout: 180_000 });

const LINK = /\/quote\/[A-Za-z0-9_-]{43}/;

async function mailsTo(email: string, count: number): Promise<MaildevMail[]> {
  let mails: MaildevMail[] = [];
  await expect
    .poll(
      async () => {
        mails = (await maildevMails()).filter((mail) => mail.to.some((to) => to.address === email));
        return mails.length;
      },
      { timeout: 30_000, intervals: [250, 500, 1000] },
    )
    .toBeGreaterThanOrEqual(count);
  return mails;
}

async function ownerMail(subject: string): Promise<MaildevMail> {
  let found: MaildevMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await maildevMails()).find((mail) => mail.subject.startsWith(subject));
        return Boolean(found);
      },
      { timeout: 30_000, intervals: [250, 500, 1000] },
    )
    .toBe(true);
  return found!;
}

const shot = (page: Page, name: string, width: number) =>
  page.screenshot({ path: `test-results/proposals/${name}-${width}.png`, fullPage: true });

test("the owner sends a quote from the desk; the customer accepts it with an option and an early start", async ({
  page,
  browser,
  request,
}) => {
  const width = page.viewportSize()!.width;
  const lastName = uniqueName("Quote");
  const { email } = quotedCustomer(lastName);
  await submitLead(request, quotedCustomer(lastName));
  await openLead(page, quotedCustomer(lastName));

  // Build: two lines and an optional one, priced in pounds; the totals follow as typed.
  const lines = await startChimneyDraft(page);
  await page.getByRole("button", { name: "Add line" }).click();
  await lines.nth(2).getByLabel("Description").fill("Clean and seal the gutters");
  await lines.nth(2).getByLabel("Quantity").fill("2.5");
  await lines.nth(2).getByLabel("Unit price (£, no VAT)").fill("19.99");
  await lines.nth(2).getByLabel("Optional").check();
  await page.getByLabel("Start window").fill("Within 3 weeks of accepting");
  // £672.00 + 20% VAT = £806.40; with the gutters £866.38.
  await expect(page.locator("[data-desk-total]")).toHaveText("£806.40");
  await expect(page.getByText("£866.38")).toBeVisible();
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Draft saved")).toBeVisible();
  await expectNoA11yViolations(page, "desk: draft quote");
  await page.getByRole("heading", { name: "Written quote" }).scrollIntoViewIfNeeded();
  await shot(page, "desk-draft", width);

  await page.getByRole("button", { name: "Preview", exact: true }).click();
  const preview = page.getByRole("dialog");
  await expect(preview.getByRole("heading", { name: `Quote for Ailsa ${lastName}` })).toBeVisible();
  await expect(preview.getByText("£806.40").first()).toBeVisible();
  await expect(preview.getByRole("button", { name: "Accept this quote" })).toBeDisabled();
  await expectNoA11yViolations(page, "desk: preview");
  await preview.getByRole("button", { name: "Close" }).click();
  await expect(preview).toBeHidden();

  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Send to customer" }).click();
  const sentMessage = page.getByText(/^Quote Q-[A-Z0-9]+-1 sent to the customer$/);
  await expect(sentMessage).toBeVisible();
  const number = /Q-[A-Z0-9]+-1/.exec((await sentMessage.textContent()) ?? "")![0];
  await expect(page.getByRole("link", { name: LINK })).toBeVisible();
  await expect(page.getByRole("list", { name: "Quotes on this lead" })).toContainText("Sent");

  // The customer's e-mail: the PDF and a link of its own (drawn when the e-mail was written).
  const sent = (await mailsTo(email, 2)).find((mail) => mail.subject.includes(number));
  const path = LINK.exec(sent!.text)![0];
  const attachments = (sent as unknown as { attachments?: { contentType: string }[] }).attachments ?? [];
  expect(attachments.map((a) => a.contentType)).toContain("application/pdf");

  // A second device opens the link too, and answers later.
  const other = await browser.newContext({ viewport: page.viewportSize() });
  const second = await other.newPage();
  await second.goto(new URL(path, page.url()).href);
  await expect(second.getByRole("button", { name: "Accept this quote" })).toBeVisible();

  // The customer's page, in the order the law asks.
  const response = await page.goto(path);
  expect(response?.headers()["referrer-policy"]).toContain("no-referrer");
  expect(response?.headers()["x-robots-tag"]).toContain("noindex");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(page.getByRole("heading", { name: `Quote for Ailsa ${lastName}`, level: 1 })).toBeVisible();
  await expect(page.getByText(number, { exact: true })).toBeVisible();
  // No address given yet: no property named until the customer gives it with her acceptance.
  await expect(page.locator("[data-property]")).toHaveCount(0);
  const total = page.locator("[data-total]");
  const deposit = page.locator("[data-deposit]");
  await expect(total).toHaveText("£806.40");
  await expect(deposit).toHaveText("£201.60");
  // The optional extra apart, with what it adds (£49.98 and its VAT), never in the work's amounts;
  // the total with it beside the total without (DESIGN §23).
  await expect(page.getByRole("list", { name: "The work" })).not.toContainText("Clean and seal the gutters");
  const extras = page.getByRole("list", { name: "Optional extras" });
  await expect(extras).toContainText("Clean and seal the gutters");
  await expect(extras).toContainText("Adds £59.98 including VAT to the total");
  await expect(page.locator("[data-with-extras]").first()).toHaveText("£866.38");
  // The deposit, the balance, the bank details and the right to cancel in plain words.
  const words = page.getByRole("list", { name: "Paying and cancelling" });
  await expect(words).toContainText("The deposit, £201.60 (25% of the total), is due when you accept.");
  await expect(words).toContainText("The balance, £604.80, is due within 7 days of the work being completed");
  await expect(words).toContainText(
    `Pay by bank transfer to Glenbrae Roofing & Roughcasting, sort code 12-34-56, account number 12345678, with ${number} as the reference.`,
  );
  await expect(words).toContainText("You can cancel within 14 days of accepting, without giving a reason.");
  for (const heading of ["The work", "The price", "Our guarantee", "How to complain", "Your right to cancel"])
    await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Model cancellation form" })).toBeVisible();
  await expectNoA11yViolations(page, "quote page: open");
  await shot(page, "quote-open", width);

  await page.getByRole("checkbox", { name: /Clean and seal the gutters/ }).check();
  await expect(total).toHaveText("£866.38");
  await expect(deposit).toHaveText("£216.60");
  await expect(page.getByText("Total including VAT, with the extras you ticked").first()).toBeVisible();

  await page.getByRole("button", { name: "Accept this quote" }).click();
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("Type your full name to accept");
  await expect(alert).toContainText("Please confirm you have read the quote and its terms");
  const name = page.getByRole("textbox", { name: "Your full name" });
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toBeFocused();
  await expect(page.getByRole("checkbox", { name: "I have read this quote and its terms" })).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  // The option stays ticked after the refusal.
  await expect(total).toHaveText("£866.38");
  await expectNoA11yViolations(page, "quote page: refused");

  await name.fill(`Ailsa ${lastName}`);
  await page.getByRole("checkbox", { name: "I have read this quote and its terms" }).check();
  const early = page.getByRole("checkbox", {
    name: /Please start the work within the 14-day cancellation period/,
  });
  await expect(early).not.toBeChecked();
  await early.check();
  await acceptOnPage(page, { line1: "4 Main Street", town: "Kippen", postcode: "fk8 3dn" });
  await expect(page.getByText("£866.38 including VAT")).toBeVisible();
  // How to pay: the Payment section under the decision (docs/payments.md).
  const payment = page.getByRole("region", { name: "Payment" });
  await expect(payment.getByText("Deposit due now")).toBeVisible();
  await expect(payment.locator("[data-due-now]")).toHaveText("£216.60");
  await expect(page.getByText("You asked us to start within the 14-day cancellation period.")).toBeVisible();
  // The 14 days counted from today's acceptance: their last day, UK time.
  const lastDay = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/London",
    day: "numeric",
    month: "long",
    year: "numeric",
  }).format(Date.now() + 14 * 24 * 60 * 60 * 1000);
  await expect(page.locator("[data-cancel-until]")).toHaveText(`You can cancel until ${lastDay}.`);
  // Said once: the decision at the top; the Cancel form below and the plain words do not repeat it.
  await expect(page.getByText(/You can cancel until/)).toHaveCount(1);
  await expect(page.getByRole("list", { name: "Paying", exact: true })).not.toContainText("cancel");
  await expect(page.getByRole("region", { name: "Changed your mind?" })).toContainText(
    "To cancel, type your full name and press Cancel this quote. You do not need to give a reason.",
  );
  // The property as given at acceptance, named at the top as the PDF names it.
  await expect(page.locator("[data-property]")).toHaveText("4 Main Street, Kippen FK8 3DN");
  await expect(page.getByRole("link", { name: "Download PDF" })).toHaveAttribute(
    "href",
    `/api/proposals/${path.split("/")[2]}/pdf`,
  );
  await expect(page.getByRole("button", { name: "Cancel this quote" })).toBeVisible();
  await expectNoA11yViolations(page, "quote page: accepted");
  await shot(page, "quote-accepted", width);

  const owner = await ownerMail(`Quote accepted: ${number}`);
  expect(owner.subject).toBe(`Quote accepted: ${number} – £866.38`);

  // The second device: the quote is answered already.
  await second.getByRole("textbox", { name: "Your full name" }).fill("Someone Else");
  await second.getByRole("checkbox", { name: "I have read this quote and its terms" }).check();
  await second.getByRole("button", { name: "Accept this quote" }).click();
  await expect(second.getByRole("alert")).toHaveText("This quote has already been answered");
  await other.close();

  // The desk follows.
  await openLead(page, quotedCustomer(lastName));
  const list = page.getByRole("list", { name: "Quotes on this lead" });
  await expect(list).toContainText("Accepted");
  await expect(list).toContainText("Asked to start within the 14 days");
  await expect(list).toContainText("£866.38 including VAT");
  await list.scrollIntoViewIfNeeded();
  await shot(page, "desk-accepted", width);
});

test("a quote declined with a reason; the page says so plainly", async ({ page, request }) => {
  const width = page.viewportSize()!.width;
  const lastName = uniqueName("Quote");
  const leadId = await submitLead(request, quotedCustomer(lastName));
  await openLead(page, quotedCustomer(lastName));
  const { customerUrl } = await sendQuote(page, leadId, {
    lines: [
      { description: "Renew the flat roof over the kitchen", quantity: 1, unitPrice: 215000, vatRate: 20 },
    ],
    depositPercent: 10,
  });

  await page.goto(customerUrl);
  await expect(page.locator("[data-total]")).toHaveText("£2,580.00");
  const reason = page.getByRole("textbox", { name: "Your reason (optional)" });
  await expect(reason).toHaveAttribute("maxlength", "500");
  await reason.fill("We have decided to wait until spring.");
  await page.getByRole("button", { name: "Decline", exact: true }).click();
  await expect(page.getByRole("heading", { name: "You declined this quote" })).toBeFocused();
  await expect(page.getByText("Your reason: We have decided to wait until spring.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Accept this quote" })).toHaveCount(0);
  await expectNoA11yViolations(page, "quote page: declined");
  await shot(page, "quote-declined", width);

  await page.goto("/quote/not-a-real-token");
  await expect(page.getByRole("heading", { name: "This link is not complete" })).toBeVisible();
  await page.goto(`/quote/${"A".repeat(43)}`);
  await expect(page.getByRole("heading", { name: "We could not find this quote" })).toBeVisible();
  await expectNoA11yViolations(page, "quote page: not found");
});

test("a trade customer's quote: the reverse charge, and no consumer right to cancel", async ({
  page,
  request,
}) => {
  const width = page.viewportSize()!.width;
  const lastName = uniqueName("Trade");
  const leadId = await submitLead(request, quotedCustomer(lastName));
  await openLead(page, quotedCustomer(lastName));
  const lead = await page.request.get(`/api/admin/contact-submissions/${leadId}`);
  const marked = await page.request.patch(`/api/admin/contact-submissions/${leadId}`, {
    data: { tradeCustomer: { vatNumber: "GB123456789" } },
    headers: { "If-Match": lead.headers()["etag"]! },
  });
  expect(marked.status(), await marked.text()).toBe(200);
  const { customerUrl } = await sendQuote(page, leadId, {
    lines: [
      { description: "Strip and re-felt the unit's roof", quantity: 1, unitPrice: 480000, vatRate: 20 },
      { description: "New fascias and soffits", quantity: 1, unitPrice: 38500, vatRate: 20, optional: true },
    ],
    depositPercent: 20,
  });

  await page.goto(customerUrl);
  await expect(page.locator("[data-total]")).toHaveText("£4,800.00");
  await expect(page.getByRole("list", { name: "Optional extras" })).toContainText(
    "Adds £385.00 without VAT (reverse charge) to the total",
  );
  await expect(
    page.getByText("Reverse charge: customer to account to HMRC for the VAT").first(),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Cancelling", exact: true })).toBeVisible();
  for (const consumerOnly of ["Your right to cancel", "Model cancellation form"])
    await expect(page.getByRole("heading", { name: consumerOnly })).toHaveCount(0);
  await expect(page.getByText(/You can cancel|14 days|cancellation period/)).toHaveCount(0);
  await expect(page.getByRole("checkbox", { name: /Please start the work/ })).toHaveCount(0);
  await expectNoA11yViolations(page, "quote page: trade customer");
  await shot(page, "quote-trade", width);

  // Accepting sends the same request as a homeowner's, with no early start.
  await page.getByRole("textbox", { name: "Your full name" }).fill(`Ailsa ${lastName}`);
  await page.getByRole("checkbox", { name: "I have read this quote and its terms" }).check();
  await acceptOnPage(page, { line1: "Unit 4, Station Road", town: "Kippen", postcode: "FK8 3DN" });
  await expect(page.getByText("£4,800.00 without VAT (reverse charge)")).toBeVisible();
  await expect(page.getByText(/You can cancel|cancellation period/)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Cancel this quote" })).toHaveCount(0);
});
