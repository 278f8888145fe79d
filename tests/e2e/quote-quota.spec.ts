import { expect as baseExpect, test, type Locator } from "@playwright/test";
import { fillQuoteForm, openQuoteForm, passMinimumFillTime, sendQuoteForm } from "./helpers/quote-form";

/**
 * When the attachment quota refuses more files, the quote form tells the visitor to call or
 * WhatsApp instead (docs/security.md, "Abuse limits"). The suite runs with loopback exempt from the
 * quotas (QUOTA_EXEMPT_LOOPBACK in playwright.config.ts); this test's requests carry
 * `X-Test-Quota: enforce`, so they alone are charged, and the other tests are not disturbed.
 */

// Each refusal is a function's answer under the local Netlify CLI, which can take seconds on a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 });

/** The visitor both refusals are shown to. */
const VISITOR = {
  firstName: "Quota",
  lastName: "MacLeod",
  email: "morag@example.co.uk",
  phone: "07700 900123",
  service: "Roof Repairs",
};

/** The refusal's way out: the business's number to call and its WhatsApp chat, as links. */
async function expectCallAndWhatsAppLinks(message: Locator) {
  await expect(message.getByRole("link", { name: "07700 900412" })).toHaveAttribute(
    "href",
    "tel:07700900412",
  );
  await expect(message.getByRole("link", { name: "message us on WhatsApp" })).toHaveAttribute(
    "href",
    /^https:\/\/wa\.me\/447700900412/,
  );
}

test("a visitor over the attachment quota is told to call or WhatsApp instead", async ({ page }) => {
  // Up to 16 uploads started one after another, each by a function the Netlify CLI loads afresh.
  test.setTimeout(90_000);
  const headers = { "X-Test-Quota": "enforce" };

  await page.setExtraHTTPHeaders(headers);
  await openQuoteForm(page);

  // Use up this client's quota from the browser itself (the same client address as the form's
  // requests): files count, however small.
  const statuses = await page.evaluate(async () => {
    const seen: number[] = [];
    for (let i = 0; i < 20 && !seen.includes(429); i += 1) {
      const response = await fetch("/api/uploads", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: `filler-${i}.jpg`, size: 1 }),
      });
      seen.push(response.status);
    }
    return seen;
  });
  expect(statuses.at(-1), "the client's quota was reached").toBe(429);
  expect(statuses.every((status) => status === 201 || status === 429)).toBe(true);

  await fillQuoteForm(page, { ...VISITOR, message: "Photos of the gable attached." });
  const buffer = Buffer.alloc(2000);
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]).copy(buffer);
  await page
    .getByLabel("Photos or documents (optional)")
    .setInputFiles([{ name: "gable.jpg", mimeType: "image/jpeg", buffer }]);
  await passMinimumFillTime(page);
  await page.getByRole("button", { name: "Send Quote Request" }).click();

  const message = page.getByRole("alert").filter({ hasText: "can't take more files from you right now" });
  await expect(message).toBeVisible();
  await expect(message).toContainText("Please call us on 07700 900412 or message us on WhatsApp instead");
  await expectCallAndWhatsAppLinks(message);
  await expect(page.getByText("Failed to send quote request: We can't take more files")).toBeVisible();
  await expect(page.getByText("Please try again")).toHaveCount(0);
  // What the visitor typed is kept, and nothing was sent.
  await expect(page.getByLabel("First Name")).toHaveValue("Quota");
  await expect(page.getByRole("heading", { name: "Thank You!" })).toHaveCount(0);
});

test("a client over the quote quota is told to call or WhatsApp instead", async ({ page }) => {
  // Up to 21 quotes, each answered by a function the Netlify CLI loads afresh.
  test.setTimeout(120_000);
  // As above, only this test's requests are charged; 20 stored quotes a day is the limit.
  await page.setExtraHTTPHeaders({ "X-Test-Quota": "enforce" });
  await openQuoteForm(page);

  const refusal = await page.evaluate(async () => {
    for (let i = 0; i < 25; i += 1) {
      const form = new FormData();
      const fields: Record<string, string> = {
        firstName: "Quota",
        lastName: "Filler",
        email: `quota.filler.${i}@example.co.uk`,
        phone: "07700 900123",
        serviceRequired: "roof-repairs",
        message: "Filling the quote quota from one client.",
        fillTimeMs: "15000",
        website: "",
      };
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      const response = await fetch("/api/contact", { method: "POST", body: form });
      if (response.status === 429) {
        return { sent: i, retryAfter: response.headers.get("Retry-After"), body: await response.json() };
      }
      if (response.status !== 201) return { sent: i, status: response.status };
    }
    return null;
  });
  expect(refusal, "the client's quote quota was reached").not.toBeNull();
  expect(refusal?.sent).toBeLessThanOrEqual(20);
  expect(Number(refusal?.retryAfter)).toBeGreaterThan(0);
  expect(refusal?.body).toEqual({ error: expect.stringContaining("call us or message us on WhatsApp") });

  await sendQuoteForm(page, { ...VISITOR, message: "The ridge tiles are loose." });

  const message = page.getByRole("alert").filter({ hasText: "Please call us on" });
  await expect(message).toBeVisible();
  // It says which limit was met: quotes, not files.
  await expect(message).toContainText("We can't take more quote requests from your connection today.");
  await expect(message).not.toContainText("files");
  await expectCallAndWhatsAppLinks(message);
  await expect(page.getByText("Failed to send quote request: HTTP error! status: 429")).toBeVisible();
  await expect(page.getByLabel("First Name")).toHaveValue("Quota");
  await expect(page.getByRole("heading", { name: "Thank You!" })).toHaveCount(0);
});
