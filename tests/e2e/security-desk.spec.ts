import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

/**
 * What the lead desk shows of the abuse and privacy limits (docs/security.md): the activity log, a
 * receipt skipped by a mail limit with its reason, and a mail settings problem.
 */
const PASSWORD = process.env.ADMIN_PASSWORD || "admin";

async function signIn(page: Page) {
  await page.goto("/contact-admin");
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Access Admin" }).click();
  await expect(page.getByRole("heading", { name: "Contact Submissions" })).toBeVisible({ timeout: 15_000 });
}

const axe = (page: Page) =>
  new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();

test("the activity log lists the owner's sign-in, newest first", async ({ page }) => {
  // The desk's full list and the accessibility scan of it take a while on a busy machine.
  // The desk's first screen (Today, the list, the panels) asks for a dozen things at once.
  test.setTimeout(90_000);
  await signIn(page);
  const log = page.locator("details").filter({ hasText: "Activity log" });
  await log.getByText("Activity log").click();
  const first = log.getByRole("listitem").first();
  await expect(first).toContainText("Signed in", { timeout: 45_000 });
  await expect(first.locator("time")).toHaveText(/^\d\d\/\d\d\/\d{4}, \d\d:\d\d$/);
  expect((await axe(page)).violations.map((v) => v.id)).toEqual([]);
});

test("a receipt skipped by a mail limit says why, and offers no retry", async ({ page }) => {
  // A skipped receipt needs a second quote to one address with the limits enforced, which the
  // suite's own server exempts: the lead is staged.
  const id = "5d0c2f8e-3b1a-4c6d-9e7f-8a9b0c1d2e3f";
  const lead = {
    id,
    createdAt: "2026-11-20T09:00:00.000Z",
    firstName: "Morag",
    lastName: "Skipped",
    email: "morag.skipped@example.co.uk",
    phone: "07700 900123",
    serviceRequired: "roof-repairs",
    message: "Two slates slipped in the storm.",
    attachments: [],
    reference: "Q-5KIP7D",
    notifications: [
      { kind: "owner", status: "sent", attempts: 1, sentAt: "2026-11-20T09:00:01.000Z" },
      {
        kind: "receipt",
        status: "skipped",
        attempts: 0,
        reason: "this address was already sent a receipt in the last 24 hours",
      },
    ],
  };
  await page.route(
    (url) => url.pathname === "/api/admin/contact-submissions",
    (route) => route.fulfill({ json: [lead], headers: { "X-Total-Count": "1" } }),
  );
  await page.route(
    (url) => url.pathname === `/api/admin/contact-submissions/${id}`,
    (route) => route.fulfill({ json: lead, headers: { ETag: '"staged"' } }),
  );
  await signIn(page);
  const card = page.getByRole("listitem").filter({ hasText: "Morag Skipped" });
  await expect(card.getByText("E-mail failed")).toHaveCount(0);
  await card.getByRole("button", { name: /View Details/ }).click();
  const emails = page.getByRole("region", { name: "E-mails" });
  await expect(emails).toContainText(
    "Receipt to the customer: Not sent: this address was already sent a receipt in the last 24 hours",
  );
  await expect(emails.getByRole("button", { name: "Retry E-mails" })).toHaveCount(0);
});

test("a mail login the server refuses is shown as a settings problem", async ({ page }) => {
  await page.route("**/api/admin/notifications", (route) =>
    route.fulfill({
      json: {
        configured: true,
        problem:
          "The mail server did not accept the SMTP_URL login (535 5.7.8 Authentication credentials invalid)",
      },
      headers: { "Cache-Control": "no-store" },
    }),
  );
  await signIn(page);
  const notice = page.getByRole("alert").filter({ hasText: "E-mail settings problem" });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText("did not accept the SMTP_URL login");
  await expect(notice).toContainText("SMTP_URL");
  expect((await axe(page)).violations.map((v) => v.id)).toEqual([]);
});
