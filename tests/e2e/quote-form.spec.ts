import { createHash, randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { MAX_REQUEST_BODY_BYTES } from "../../src/lib/quote/upload";
import { fillQuoteForm, openQuoteForm, passMinimumFillTime } from "./helpers/quote-form";

const MB = 1024 * 1024;

const file = (name: string, head: number[], size: number, mimeType: string) => {
  const buffer = randomBytes(size);
  Buffer.from(head).copy(buffer, 0);
  return { name, mimeType, buffer };
};
const jpeg = (name: string, size: number) => file(name, [0xff, 0xd8, 0xff, 0xe0], size, "image/jpeg");
const pdf = (name: string, size: number) =>
  file(name, [...Buffer.from("%PDF-1.7\n")], size, "application/pdf");
const sha = (data: Buffer) => createHash("sha256").update(data).digest("hex");

async function openForm(page: Page) {
  await openQuoteForm(page);
  await expect(page.getByRole("button", { name: "Send Quote Request" })).toBeEnabled();
}

async function fillValid(page: Page, firstName: string) {
  await fillQuoteForm(page, {
    firstName,
    lastName: "MacLeod",
    email: "morag@example.co.uk",
    phone: "07700 900123",
    service: "Roof Repairs",
    message: "Two slates slipped in the storm; please have a look.",
  });
}

test.describe("quote form on /contact", () => {
  test("before the form's script runs, it cannot be sent (no quote in the URL)", async ({ page }) => {
    // Astro's island loader tries a failed import once more a second later, as
    // `QuoteForm.<hash>.js?astro-retry=<time>`: both are refused, or the island hydrates after all.
    await page.route(/\/_astro\/QuoteForm\.[^/?]+\.js(\?.*)?$/, (route) => route.abort());
    await page.goto("/contact");
    await page.getByLabel("First Name").fill("Morag");
    // Still the server's HTML: Astro drops `ssr` from an island once it has hydrated.
    await expect(page.locator("#quote-form astro-island")).toHaveAttribute("ssr", "");
    await expect(page.getByRole("button", { name: "Send Quote Request" })).toBeDisabled();
    await page.evaluate(() =>
      document.addEventListener("submit", () => document.documentElement.setAttribute("data-submitted", ""), {
        capture: true,
      }),
    );
    // Enter in a field submits its form at once, firing `submit` during the key press, unless the
    // form's submit button is disabled: so once the press is handled, nothing can follow.
    await page.getByLabel("First Name").press("Enter");
    await expect(page.locator("html")).not.toHaveAttribute("data-submitted");
    expect(new URL(page.url()).search).toBe("");
  });

  test("what the form does loads when the visitor starts on it, not with the page", async ({ page }) => {
    const later = /\/_astro\/(quote-form-actions|rules|submit-quote|Toaster)\.[^/]+\.js$/;
    const early: string[] = [];
    page.on("request", (request) => {
      if (later.test(request.url())) early.push(request.url());
    });
    await openForm(page);
    expect(early).toEqual([]);
    const actions = page.waitForResponse(/\/_astro\/quote-form-actions\.[^/]+\.js$/);
    await page.getByLabel("First Name").focus();
    expect((await actions).status()).toBe(200);
  });

  test("shows each validation message as the visitor types", async ({ page }) => {
    await openForm(page);
    const cases: [string, string, string][] = [
      ["First Name", "M", "First name must be at least 2 characters"],
      ["Last Name", "K", "Last name must be at least 2 characters"],
      ["Email Address", "morag@", "Please enter a valid email address"],
      ["Email Address", "morag@example.xyz", "Please enter a valid email address with a recognized domain"],
      ["Phone Number", "12345", "Phone number must be at least 10 digits"],
      ["Phone Number", "0123456789abc", "Please enter a valid phone number"],
      ["Phone Number", "012 345 678", "Phone number must contain 10-15 digits"],
      ["Message", "Too short", "Message must be at least 10 characters"],
    ];
    for (const [label, value, message] of cases) {
      const field = page.getByLabel(label);
      await field.fill(value);
      await expect(page.getByRole("alert").filter({ hasText: message })).toHaveText(message);
      await expect(field).toHaveAttribute("aria-invalid", "true");
    }
    await page.getByRole("button", { name: "Send Quote Request" }).click();
    await expect(page.getByText("Please select a service", { exact: true })).toBeVisible();
    await expect(page.getByLabel("First Name")).toBeFocused();

    await page.getByLabel("Email Address").fill("hello@kippen.scot");
    await expect(page.getByText(/Please enter a valid email address/)).toHaveCount(0);
  });

  test("the form and its error state have no axe violations", async ({ page }) => {
    const axe = () =>
      new AxeBuilder({ page })
        .include("#quote-form")
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
        .analyze();
    await openForm(page);
    expect((await axe()).violations).toEqual([]);
    await page.getByRole("button", { name: "Send Quote Request" }).click();
    await expect(page.getByText("Please select a service", { exact: true })).toBeVisible();
    await page.getByLabel("Photos or documents (optional)").setInputFiles([jpeg("gable.jpg", 2048)]);
    expect((await axe()).violations).toEqual([]);
  });

  for (const refused of [
    {
      files: "more than five files",
      chosen: () => Array.from({ length: 6 }, (_, i) => jpeg(`photo-${i}.jpg`, 1000)),
      toast: "Too many files",
      detail: "Please select up to 5 files only",
    },
    {
      files: "a file over 5MB",
      chosen: () => [jpeg("small.jpg", 1000), jpeg("huge.jpg", 5 * MB + 1)],
      toast: "Files too large",
      detail: "Please ensure all files are under 5MB",
    },
  ])
    test(`${refused.files}: toast '${refused.toast}' and the selection is cleared`, async ({ page }) => {
      await openForm(page);
      const picker = page.getByLabel("Photos or documents (optional)");
      await picker.setInputFiles(refused.chosen());
      await expect(page.getByText(refused.toast)).toBeVisible();
      await expect(page.getByText(refused.detail)).toBeVisible();
      await expect(page.getByRole("list", { name: "Chosen files" })).toHaveCount(0);
      expect(await picker.evaluate((input: HTMLInputElement) => input.files?.length)).toBe(0);
    });

  test("chosen files are listed with name, size and a remove button", async ({ page }) => {
    await openForm(page);
    await page
      .getByLabel("Photos or documents (optional)")
      .setInputFiles([jpeg("gable.jpg", 2048), pdf("survey.pdf", 3 * MB)]);
    const list = page.getByRole("list", { name: "Chosen files" });
    await expect(list.getByRole("listitem")).toHaveCount(2);
    await expect(list).toContainText("gable.jpg");
    await expect(list).toContainText("2.0 KB");
    await expect(list).toContainText("3.0 MB");
    await page.getByRole("button", { name: "Remove gable.jpg" }).click();
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(list).not.toContainText("gable.jpg");
  });

  test("what the visitor typed survives a reload until the quote is sent", async ({ page }) => {
    await openForm(page);
    await page.getByLabel("First Name").fill("Isla");
    await page.getByLabel("Message").fill("Chimney flashing is leaking.");
    await page.reload();
    await expect(page.getByLabel("First Name")).toHaveValue("Isla");
    await expect(page.getByLabel("Message")).toHaveValue("Chimney flashing is leaking.");
  });

  test("a successful send shows the toast, the Thank You panel and 'Send Another Request'", async ({
    page,
  }) => {
    await openForm(page);
    await fillValid(page, "Thankyou");
    await page.getByLabel("Photos or documents (optional)").setInputFiles([jpeg("front.jpg", 40_000)]);
    await passMinimumFillTime(page);
    // A send with a photo is four calls in a row (start the upload, its part, complete it, the quote);
    // under the Netlify CLI on a busy machine each takes seconds, so wait for the quote's answer itself.
    const sent = page.waitForResponse(
      (response) => response.url().endsWith("/api/contact") && response.request().method() === "POST",
      { timeout: 60_000 },
    );
    await page.getByRole("button", { name: "Send Quote Request" }).click();
    expect((await sent).status()).toBe(201);
    await expect(page.getByText("Quote Request Sent!")).toBeVisible();
    await expect(
      page.getByText("We'll get back to you within 24 hours with your free quote.").first(),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeFocused();
    await page.getByRole("button", { name: "Send Another Request" }).click();
    await expect(page.getByLabel("First Name")).toHaveValue("");
    await expect(page.getByLabel("First Name")).toBeFocused();
    await page.reload();
    await expect(page.getByLabel("First Name")).toHaveValue("");
  });

  test("a server error keeps the input and shows the error toast", async ({ page }) => {
    await openForm(page);
    await page.route("**/api/contact", (route) => route.fulfill({ status: 500, body: "boom" }));
    await fillValid(page, "Errorcase");
    await passMinimumFillTime(page);
    await page.getByRole("button", { name: "Send Quote Request" }).click();
    const toast = page.getByRole("alert").filter({ hasText: "Error" });
    await expect(toast).toContainText(
      "Failed to send quote request: HTTP error! status: 500. Please try again.",
    );
    await expect(page.getByLabel("First Name")).toHaveValue("Errorcase");
    await expect(page.getByRole("button", { name: "Send Quote Request" })).toBeEnabled();
  });

  test("five files of 4.9 MB go through in requests of at most 4 MiB and arrive byte for byte", async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    // Every request the page makes, with the body size the browser's network stack reports.
    const pending: Promise<{ method: string; url: string; size: number }>[] = [];
    const record = (request: import("@playwright/test").Request) =>
      pending.push(
        Promise.all([request.sizes(), request.allHeaders()]).then(([sizes, headers]) => ({
          method: request.method(),
          url: request.url(),
          // Chromium reports no body size for Blob bodies; the Content-Length it sent is exact.
          size: Math.max(sizes.requestBodySize, Number(headers["content-length"] ?? 0)),
        })),
      );
    page.on("requestfinished", record);
    page.on("requestfailed", (request) =>
      pending.push(Promise.resolve({ method: request.method(), url: request.url(), size: NaN })),
    );
    await openForm(page);
    const size = Math.round(4.9 * MB);
    const files = [
      jpeg("roof-1.jpg", size),
      jpeg("roof-2.jpg", size),
      jpeg("roof-3.jpg", size),
      pdf("survey.pdf", size),
      jpeg("roof-5.jpg", size),
    ];
    const firstName = `Big${testInfo.project.name}${Date.now() % 100000}`.replace(
      /\d/g,
      (d) => "abcdefghij"[Number(d)]!,
    );
    await fillValid(page, firstName);
    await page.getByLabel("Photos or documents (optional)").setInputFiles(files);
    await passMinimumFillTime(page);
    const started = Date.now();
    await page.getByRole("button", { name: "Send Quote Request" }).click();
    await expect(page.getByRole("button", { name: "Sending..." })).toBeDisabled();
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible({ timeout: 150_000 });
    const elapsed = Date.now() - started;

    const bodies = await Promise.all(pending);
    const parts = bodies.filter((b) => b.url.includes("/parts/"));
    expect(parts.length).toBe(10);
    expect(bodies.every((b) => Number.isFinite(b.size))).toBe(true);
    expect(parts.reduce((sum, b) => sum + b.size, 0)).toBe(5 * size);
    const largest = Math.max(...bodies.map((b) => b.size));
    expect(largest).toBeLessThanOrEqual(MAX_REQUEST_BODY_BYTES);
    testInfo.annotations.push({ type: "largest request body (bytes)", description: String(largest) });
    testInfo.annotations.push({ type: "25 MB send took (ms)", description: String(elapsed) });
    console.log(
      `[${testInfo.project.name}] largest request body ${largest} bytes; 5 x 4.9 MB sent in ${elapsed} ms`,
    );

    const login = await page.request.post("/api/admin/login", {
      data: { password: process.env.ADMIN_PASSWORD ?? "admin" },
    });
    expect(login.status()).toBe(200);
    const list = await page.request.get("/api/admin/contact-submissions");
    expect(list.status()).toBe(200);
    const submissions = (await list.json()) as {
      firstName: string;
      attachments: { name: string; size: number; url: string }[];
    }[];
    const mine = submissions.filter((s) => s.firstName === firstName);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.attachments.map((a) => [a.name, a.size])).toEqual(files.map((f) => [f.name, size]));
    for (const [i, attachment] of mine[0]!.attachments.entries()) {
      const download = await page.request.get(attachment.url);
      expect(download.status()).toBe(200);
      expect(sha(await download.body())).toBe(sha(files[i]!.buffer));
    }
  });
});
