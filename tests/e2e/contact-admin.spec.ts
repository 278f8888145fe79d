import AxeBuilder from "@axe-core/playwright";
import { expect as baseExpect, test, type APIRequestContext, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { CONTACT_ADMIN_STORAGE_KEY, messagePreview } from "../../src/lib/admin/quotes";
import { formatQuoteDate } from "../../src/lib/admin/dates";
import { MESSAGE_PREVIEW_LENGTH } from "../../src/lib/constants";
import { LEADS_PAGE_SIZE } from "../../src/lib/lead-model";
import { postQuote, quoteFormData } from "./helpers/quote-form";

/** The served build runs without .env, so the local default applies unless ADMIN_PASSWORD is set. */
const PASSWORD = process.env.ADMIN_PASSWORD || "admin";
const SUBMISSIONS_API = "/api/admin/contact-submissions";
// Each step waits on a function call of the local Netlify CLI, which can take seconds on a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

/** Letters only, so every test's customers can be told apart in a shared inbox. */
function uniqueName(): string {
  return Array.from(randomBytes(8), (byte) => String.fromCharCode(97 + (byte % 26))).join("");
}

interface Seeded {
  id: string;
  createdAt: string;
  firstName: string;
  lastName: string;
  message: string;
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(256)]);

/** Sends a quote through POST /api/contact, as the quote form does. */
async function submitQuote(
  request: APIRequestContext,
  fields: { message: string; serviceRequired?: string; withPhoto?: boolean },
): Promise<Seeded> {
  const firstName = "Morag";
  const lastName = `Tester ${uniqueName()}`;
  const form = quoteFormData({
    firstName,
    lastName,
    email: "morag.tester@example.co.uk",
    phone: "07700 900123",
    serviceRequired: fields.serviceRequired ?? "roof-repairs",
    message: fields.message,
  });
  if (fields.withPhoto) form.append("attachments", new Blob([PNG], { type: "image/png" }), "roof-photo.png");
  const { id, createdAt } = await postQuote(request, form);
  return { id, createdAt, firstName, lastName, message: fields.message };
}

async function unlock(page: Page) {
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Access Admin" }).click();
  await expect(page.getByRole("heading", { name: "Contact Submissions" })).toBeVisible();
}

/** docs/quality.md, The bars: no axe violation on the admin screens. */
async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

function entryOf(page: Page, seeded: Seeded) {
  return page
    .getByRole("list", { name: "Submissions" })
    .getByRole("listitem")
    .filter({ hasText: `${seeded.firstName} ${seeded.lastName}` });
}

test.describe("contact admin", () => {
  test("a wrong password raises the alert 'Incorrect password' and stays locked", async ({ page }) => {
    await page.goto("/contact-admin");
    await expect(page.getByLabel("Password")).toBeFocused();
    await expectNoAxeViolations(page);
    const dialog = page.waitForEvent("dialog");
    await page.getByLabel("Password").fill("definitely-not-it");
    await page.getByRole("button", { name: "Access Admin" }).click();
    const alert = await dialog;
    expect(alert.type()).toBe("alert");
    expect(alert.message()).toBe("Incorrect password");
    await alert.accept();
    await expect(page.getByLabel("Password")).toBeFocused();
    await expect(page.getByLabel("Password")).toHaveValue("");
    await expect(page.getByRole("heading", { name: "Contact Submissions" })).toHaveCount(0);
    // The right password afterwards clears this address's failure count for the next runs.
    await unlock(page);
  });

  test("the list shows count, name, service, e-mail, phone, en-GB date and a cut preview, newest first", async ({
    page,
    request,
  }) => {
    const older = await submitQuote(request, { message: "Gutter leaking at the back of the house." });
    const longMessage = `${"The chimney flashing has come loose and water runs down the wall. ".repeat(3)}End.`;
    const newer = await submitQuote(request, { message: longMessage, serviceRequired: "guttering" });

    await page.goto("/contact-admin");
    // The list's own call (Today asks the same collection for `status=new` alone).
    const listed = page.waitForResponse((response) => {
      const url = new URL(response.url());
      return url.pathname === SUBMISSIONS_API && url.search === "";
    });
    await unlock(page);

    // The total counts every stored submission (X-Total-Count); the page shows the newest 50.
    const total = Number((await listed).headers()["x-total-count"]);
    const items = page.getByRole("list", { name: "Submissions" }).getByRole("listitem");
    await expect(entryOf(page, newer)).toBeVisible();
    const count = await items.count();
    expect(count).toBe(Math.min(total, LEADS_PAGE_SIZE));
    await expect(page.getByText(`Total submissions: ${total}`)).toBeVisible();
    expect(count).toBeGreaterThanOrEqual(2);

    const entry = entryOf(page, newer);
    await expect(entry.getByRole("heading", { name: `${newer.firstName} ${newer.lastName}` })).toBeVisible();
    await expect(entry).toContainText("Guttering Services");
    await expect(entry).toContainText("morag.tester@example.co.uk");
    await expect(entry).toContainText("07700 900123");
    const date = formatQuoteDate(newer.createdAt);
    expect(date).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);
    await expect(entry).toContainText(date);
    const preview = messagePreview(longMessage);
    expect(preview).toHaveLength(MESSAGE_PREVIEW_LENGTH + 3);
    await expect(entry.getByText(preview, { exact: true })).toBeVisible();
    await expect(entry).not.toContainText("End.");
    await expectNoAxeViolations(page);

    const names = await items.getByRole("heading").allTextContents();
    expect(names.indexOf(`${newer.firstName} ${newer.lastName}`)).toBeLessThan(
      names.indexOf(`${older.firstName} ${older.lastName}`),
    );
  });

  test("the detail view shows the full message, attachments to view in a new tab and ways to reply", async ({
    page,
    request,
    context,
  }) => {
    const message = `Several slates slipped in last week's storm. ${"More detail about the roof. ".repeat(5)}Thanks!`;
    const seeded = await submitQuote(request, { message, withPhoto: true });
    const name = `${seeded.firstName} ${seeded.lastName}`;

    await page.goto("/contact-admin");
    await unlock(page);
    await page.getByRole("button", { name: `View Details for ${name}` }).click();

    await expect(page.getByRole("heading", { name, level: 2 })).toBeFocused();
    await expect(page.getByText(message, { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Back to List" })).toBeVisible();

    const fileLink = page.getByRole("link", { name: "roof-photo.png", exact: true });
    await expect(fileLink).toHaveAttribute("href", /.+/);
    const view = page.getByRole("link", { name: "View roof-photo.png (opens in a new tab)" });
    await expect(view).toHaveAttribute("target", "_blank");
    const [tab] = await Promise.all([context.waitForEvent("page"), view.click()]);
    const href = await view.getAttribute("href");
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe(new URL(href!, page.url()).pathname);
    const download = await page.request.get(href!);
    expect(download.status()).toBe(200);
    expect(download.headers()["content-type"]).toContain("image/png");
    expect(Buffer.compare(await download.body(), PNG)).toBe(0);
    await tab.close();

    const email = page.getByRole("link", { name: "Send Email" });
    await expect(email).toHaveAttribute("href", /^mailto:morag\.tester@example\.co\.uk\?subject=/);
    expect(decodeURIComponent((await email.getAttribute("href"))!)).toContain(
      "Your Roof Repairs quote request",
    );
    await expect(page.getByRole("link", { name: "Call Customer" })).toHaveAttribute(
      "href",
      "tel:07700900123",
    );

    await page.getByRole("button", { name: "Back to List" }).click();
    await expect(page.getByRole("button", { name: `View Details for ${name}` })).toBeFocused();
  });

  test("the unlock survives a reload; Logout locks, closes the detail and ends the server session", async ({
    page,
    request,
  }) => {
    const seeded = await submitQuote(request, { message: "Please quote for re-pointing the ridge tiles." });
    await page.goto("/contact-admin");
    await unlock(page);
    expect(await page.evaluate((key) => localStorage.getItem(key), CONTACT_ADMIN_STORAGE_KEY)).toBe("true");

    await page.reload();
    await expect(page.getByRole("heading", { name: "Contact Submissions" })).toBeVisible();
    await page
      .getByRole("button", { name: `View Details for ${seeded.firstName} ${seeded.lastName}` })
      .click();
    await expect(page.getByRole("button", { name: "Back to List" })).toBeVisible();

    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page.getByLabel("Password")).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), CONTACT_ADMIN_STORAGE_KEY)).toBeNull();
    expect((await page.request.get("/api/admin/session")).status()).toBe(401);

    await page.reload();
    await expect(page.getByLabel("Password")).toBeVisible();
    await unlock(page);
    await expect(page.getByRole("button", { name: "Back to List" })).toHaveCount(0);
  });

  test("a stale local flag without a server session relocks the screen", async ({ page }) => {
    // The flag an earlier sign-in left in this browser, there before the page loads.
    await page.addInitScript((key) => localStorage.setItem(key, "true"), CONTACT_ADMIN_STORAGE_KEY);
    await page.goto("/contact-admin");
    await expect(page.getByLabel("Password")).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), CONTACT_ADMIN_STORAGE_KEY)).toBeNull();
  });

  // The shared local inbox is never empty while other tests run, so these two states are staged by
  // answering the list call in the browser; sign-in and session stay real.
  test("empty inbox: 'No submissions yet'", async ({ page }) => {
    await page.route(SUBMISSIONS_API, (route) => route.fulfill({ json: [] }));
    await page.goto("/contact-admin");
    await unlock(page);
    await expect(page.getByText("No submissions yet")).toBeVisible();
    await expect(page.getByText("Total submissions: 0")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("a failed load says what happened and can be retried", async ({ page }) => {
    let fail = true;
    await page.route(SUBMISSIONS_API, (route) =>
      fail
        ? route.fulfill({ status: 500, json: { error: "Storage unavailable" } })
        : route.fulfill({ json: [] }),
    );
    await page.goto("/contact-admin");
    await unlock(page);
    const alert = page.getByRole("alert").filter({ hasText: "Could not load submissions" });
    await expect(alert).toContainText("500: Storage unavailable");
    fail = false;
    await alert.getByRole("button", { name: "Try Again" }).click();
    await expect(page.getByText("No submissions yet")).toBeVisible();
  });
});
