import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { MIN_FILL_TIME_MS } from "../../../src/lib/quote/upload";

/**
 * Opens /contact with Playwright's clock installed (it keeps running at normal speed) and waits
 * until the quote form has hydrated: Astro drops `ssr` from an island once React has taken it over.
 */
export async function openQuoteForm(page: Page): Promise<void> {
  await page.clock.install();
  await page.goto("/contact");
  await page.locator("#quote-form astro-island:not([ssr])").waitFor({ state: "attached" });
}

/**
 * The server refuses quotes filled in faster than MIN_FILL_TIME_MS, measured by the browser's
 * clock from the first keystroke to the send: after filling the form in, jump the clock past it
 * instead of waiting. Needs the clock that openQuoteForm installs.
 */
export const passMinimumFillTime = (page: Page) => page.clock.fastForward(MIN_FILL_TIME_MS);

/** What a visitor types into the quote form; `service` is the label of a Service Required option. */
export interface QuoteVisitor {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  service?: string;
  message: string;
}

/** Fills in the quote form as a visitor does, field by field (sending it is the caller's step). */
export async function fillQuoteForm(page: Page, visitor: QuoteVisitor): Promise<void> {
  await page.getByLabel("First Name").fill(visitor.firstName);
  await page.getByLabel("Last Name").fill(visitor.lastName);
  await page.getByLabel("Email Address").fill(visitor.email);
  await page.getByLabel("Phone Number").fill(visitor.phone);
  if (visitor.service) await page.getByLabel("Service Required").selectOption({ label: visitor.service });
  await page.getByLabel("Message").fill(visitor.message);
}

/** Fills in the quote form and sends it, past the minimum fill time. */
export async function sendQuoteForm(page: Page, visitor: QuoteVisitor): Promise<void> {
  await fillQuoteForm(page, visitor);
  await passMinimumFillTime(page);
  await page.getByRole("button", { name: "Send Quote Request" }).click();
}

/** The fields a visitor fills in, by the names the quote form posts them under. */
export interface QuoteFields {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  serviceRequired: string;
  message: string;
}

/**
 * A quote as the form posts it to /api/contact, for tests that send one without the browser: the
 * fields, a fill time past the minimum and the honeypot (`website`) left empty, as a person's is.
 */
export function quoteFormData(fields: QuoteFields): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...fields, fillTimeMs: "15000", website: "" })) {
    form.append(name, value);
  }
  return form;
}

/** Posts a quote to /api/contact and fails the test unless it is stored (201); the new lead's id and time. */
export async function postQuote(
  request: APIRequestContext,
  form: FormData,
): Promise<{ id: string; createdAt: string }> {
  const response = await request.post("/api/contact", { multipart: form });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; createdAt: string };
}
