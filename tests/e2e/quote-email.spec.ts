import { readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { parse } from "yaml";
import { MIN_FILL_TIME_MS } from "../../src/lib/quote-upload";
import { maildevHeader, maildevMails, type MaildevMail } from "./helpers/maildev";

const business = (
  parse(readFileSync("content/business.yaml", "utf8")) as { details: { email: string; phone: string } }
).details;
const PASSWORD = process.env.ADMIN_PASSWORD || "admin";

/** Letters only, so this test's customer can be told apart in the shared inbox. */
const uniqueName = () => Array.from(randomBytes(8), (byte) => String.fromCharCode(97 + (byte % 26))).join("");

async function sendQuote(page: Page, lastName: string, email: string) {
  await page.goto("/contact");
  await page.locator("#quote-form astro-island:not([ssr])").waitFor({ state: "attached" });
  await page.getByLabel("First Name").fill("Morag");
  await page.getByLabel("Last Name").fill(lastName);
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("Phone Number").fill("07700 900123");
  await page.getByLabel("Service Required").selectOption({ label: "Roof Repairs" });
  await page.getByLabel("Message").fill("Two slates slipped in the storm; please have a look.");
  await page.waitForTimeout(MIN_FILL_TIME_MS + 200);
  await page.getByRole("button", { name: "Send Quote Request" }).click();
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
  await expect(page.getByRole("heading", { name: `Morag ${lastName}` })).toBeVisible();
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
