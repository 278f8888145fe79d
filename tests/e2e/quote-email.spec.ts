import { readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { parse } from "yaml";
import { maildevHeader, maildevMails, type MaildevMail } from "./helpers/maildev";
import { openQuoteForm, sendQuoteForm } from "./helpers/quote-form";

const business = (
  parse(readFileSync("content/business.yaml", "utf8")) as { details: { email: string; phone: string } }
).details;
const PASSWORD = process.env.ADMIN_PASSWORD || "admin";

/** Letters only, so this test's customer can be told apart in the shared inbox. */
const uniqueName = () => Array.from(randomBytes(8), (byte) => String.fromCharCode(97 + (byte % 26))).join("");

async function sendQuote(page: Page, lastName: string, email: string) {
  await openQuoteForm(page);
  await sendQuoteForm(page, {
    firstName: "Morag",
    lastName,
    email,
    phone: "07700 900123",
    service: "Roof Repairs",
    message: "Two slates slipped in the storm; please have a look.",
  });
}

test("a quote shows its reference on the Thank You panel; MailDev then holds both e-mails with it", async ({
  page,
}, testInfo) => {
  const lastName = `Tester ${uniqueName()}`;
  const email = `morag.${uniqueName()}@example.co.uk`;
  await sendQuote(page, lastName, email);
  const sentAt = Date.now();

  await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
  const referenceText = page.getByText(/^Q-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/);
  await expect(referenceText).toBeVisible();
  const reference = (await referenceText.textContent()) ?? "";

  let mails: MaildevMail[] = [];
  await expect
    .poll(
      async () => {
        mails = (await maildevMails()).filter((mail) => mail.subject.includes(reference));
        return mails.length;
      },
      { timeout: 20_000, intervals: [100, 250, 500] },
    )
    .toBe(2);
  testInfo.annotations.push({ type: "e-mails in MailDev after", description: `${Date.now() - sentAt} ms` });

  const owner = mails.find((mail) => mail.to.some((to) => to.address === business.email));
  const receipt = mails.find((mail) => mail.to.some((to) => to.address === email));
  expect(owner?.subject).toBe(`New quote request ${reference}: Roof Repairs – Morag ${lastName}`);
  expect(await maildevHeader(owner!.id, "Reply-To")).toBe(`Morag ${lastName} <${email}>`);
  expect(owner?.text).toContain("Two slates slipped in the storm");
  expect(await maildevHeader(receipt!.id, "Reply-To")).toBe(business.email);
  expect(receipt?.text).toContain(reference);
  expect(receipt?.text).toContain(business.phone);
  expect(receipt?.text).not.toContain("Two slates slipped");

  // The owner's link opens that lead in Contact Admin, with both e-mails sent.
  const link = /https?:\/\/\S+\/contact-admin\?id=[0-9a-f-]{36}/.exec(owner?.text ?? "")?.[0];
  expect(link).toBeTruthy();
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Access Admin" }).click();
  await expect(page.getByRole("heading", { name: `Morag ${lastName}` })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(reference)).toBeVisible();
  const emails = page.getByRole("region", { name: "E-mails" });
  await expect(emails.getByText(/^E-mail to you:/)).toBeVisible();
  await expect(emails.getByText(/^Sent \d\d\/\d\d\/\d{4}, \d\d:\d\d$/)).toHaveCount(2);
});

test("Contact Admin says plainly when e-mail is not configured", async ({ page }) => {
  // The served build always has e-mail (MailDev); the deployed answer without SMTP_URL is staged.
  await page.route("**/api/admin/notifications", (route) =>
    route.fulfill({ json: { configured: false }, headers: { "Cache-Control": "no-store" } }),
  );
  await page.goto("/contact-admin");
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Access Admin" }).click();
  const notice = page.getByRole("alert").filter({ hasText: "E-mail is not configured" });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText("SMTP_URL");
});

test("a failed e-mail is flagged in the list, explained in the detail and can be retried", async ({
  page,
}) => {
  // A failure needs a refusing mail server, which the served build does not have: the list answer is
  // staged, the retry call is checked and answered, and the reload shows the e-mails sent.
  const id = "0b7e3c8a-1d2f-4e5a-9b6c-7d8e9f0a1b2c";
  const submission = (notifications: unknown[]) => ({
    id,
    createdAt: "2026-11-20T09:00:00.000Z",
    firstName: "Morag",
    lastName: "Retry",
    email: "morag.retry@example.co.uk",
    phone: "07700 900123",
    serviceRequired: "roof-repairs",
    message: "Two slates slipped in the storm.",
    attachments: [],
    reference: "Q-7K3M9P",
    notifications,
  });
  let retried = false;
  const current = () =>
    submission(
      retried
        ? [
            { kind: "owner", status: "sent", attempts: 2, sentAt: "2026-11-20T09:05:00.000Z" },
            { kind: "receipt", status: "sent", attempts: 1, sentAt: "2026-11-20T09:00:01.000Z" },
          ]
        : [
            { kind: "owner", status: "failed", attempts: 1, error: "550 5.1.1 Mailbox unavailable" },
            { kind: "receipt", status: "sent", attempts: 1, sentAt: "2026-11-20T09:00:01.000Z" },
          ],
    );
  // The list, and the lead itself as the detail view reads it.
  await page.route(
    (url) => url.pathname === "/api/admin/contact-submissions",
    (route) => route.fulfill({ json: [current()], headers: { "X-Total-Count": "1" } }),
  );
  await page.route(
    (url) => url.pathname === `/api/admin/contact-submissions/${id}`,
    (route) => route.fulfill({ json: current(), headers: { ETag: '"staged"' } }),
  );
  let retryBody: unknown;
  await page.route("**/api/admin/notifications/retry", (route) => {
    retryBody = route.request().postDataJSON();
    retried = true;
    return route.fulfill({ status: 202, json: { queued: true } });
  });

  await page.goto("/contact-admin");
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Access Admin" }).click();
  const card = page.getByRole("listitem").filter({ hasText: "Morag Retry" });
  await expect(card.getByText("E-mail failed")).toBeVisible();
  await expect(card.getByText("Q-7K3M9P")).toBeVisible();
  await card.getByRole("button", { name: /View Details/ }).click();

  const emails = page.getByRole("region", { name: "E-mails" });
  await expect(emails).toBeVisible({ timeout: 15_000 });
  await expect(emails).toContainText("E-mail to you: Failed after 1 attempt: 550 5.1.1 Mailbox unavailable");
  await expect(emails).toContainText("Receipt to the customer: Sent 20/11/2026, 09:00");
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(violations.map((v) => v.id)).toEqual([]);

  await emails.getByRole("button", { name: "Retry E-mails" }).click();
  await expect(emails.getByRole("status")).toHaveText("Sending again...");
  expect(retryBody).toEqual({ id });
  await expect(page.getByRole("region", { name: "E-mails" })).toContainText(
    "E-mail to you: Sent 20/11/2026, 09:05",
  );
  await expect(page.getByRole("button", { name: "Retry E-mails" })).toHaveCount(0);
});
