/**
 * The written quote and its payments as their specs set them up (proposals*.spec.ts,
 * payments*.spec.ts): a lead sent as the quote form sends it, the desk's sign-in, and quotes made,
 * sent, accepted and paid through the HTTP API, so that a spec drives in the browser only what it
 * is about.
 */
import pg from "pg";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { londonDate } from "../../../src/lib/visits/london-time";
import { expect, PASSWORD, uniqueName } from "./lead-desk";
import { postQuote, quoteFormData } from "./quote-form";

export interface Customer {
  firstName: string;
  lastName: string;
  email: string;
  message: string;
}

const withSurname = (firstName: string, message: string, lastName: string): Customer => ({
  firstName,
  lastName,
  email: `${lastName.toLowerCase()}@example.co.uk`,
  message,
});

/** The payment specs' customer, with a surname of her own (see uniqueName). */
export const payingCustomer = (lastName: string) =>
  withSurname("Morag", "Ridge tiles loose along the whole length.", lastName);

/** The written-quote specs' customer, with a surname of her own (see uniqueName). */
export const quotedCustomer = (lastName: string) =>
  withSurname("Ailsa", "Slates off after the storm and the chimney needs pointing.", lastName);

/** A quote request for roof repairs, as the form sends it, with the property's address if given; the lead's id. */
export async function submitLead(
  request: APIRequestContext,
  customer: Customer,
  address?: { addressLine1: string; town: string; postcode: string },
): Promise<string> {
  const form = quoteFormData({
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    phone: "07700 900654",
    serviceRequired: "roof-repairs",
    message: customer.message,
  });
  for (const [name, value] of Object.entries(address ?? {})) form.append(name, value);
  return (await postQuote(request, form)).id;
}

/** Opens the lead desk, signing in unless this browser context is signed in already. */
export async function signIn(page: Page): Promise<void> {
  await page.goto("/contact-admin");
  const desk = page.getByRole("heading", { name: "Contact Submissions" });
  const password = page.getByLabel("Password");
  await expect(desk.or(password)).toBeVisible();
  if (await password.isVisible()) {
    await password.fill(PASSWORD);
    await page.getByRole("button", { name: "Access Admin" }).click();
  }
  await expect(desk).toBeVisible();
}

/** Opens the customer's lead on the desk, found by surname, at its written quotes. */
export async function openLead(page: Page, customer: Customer): Promise<void> {
  await signIn(page);
  await page.getByRole("searchbox", { name: "Search" }).fill(customer.lastName);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await page
    .getByRole("button", { name: `View Details for ${customer.firstName} ${customer.lastName}` })
    .click();
  await expect(page.getByRole("heading", { name: "Written quote" })).toBeVisible();
}

export interface QuoteLine {
  description: string;
  quantity: number;
  /** Pence, without VAT. */
  unitPrice: number;
  vatRate: number;
  optional?: boolean;
}

export interface SentQuote {
  id: string;
  number: string;
  customerUrl: string;
  /** The customer's token, the last part of customerUrl. */
  token: string;
}

/** A quote made and sent from the desk's API, as a signed-in page's requests send it. */
export async function sendQuote(
  page: Page,
  leadId: string,
  quote: { lines: QuoteLine[]; depositPercent: number },
): Promise<SentQuote> {
  const created = await page.request.post(`/api/admin/contact-submissions/${leadId}/proposals`, {
    data: quote,
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const sent = await page.request.post(`/api/admin/proposals/${id}/send`);
  expect(sent.status(), await sent.text()).toBe(200);
  const { customerUrl, number } = (await sent.json()) as { customerUrl: string; number: string };
  return { id, number, customerUrl, token: customerUrl.split("/").pop()! };
}

/** The customer's acceptance through the quote page's API (no early start). */
export async function acceptQuote(
  request: APIRequestContext,
  quote: SentQuote,
  name: string,
  propertyAddress?: { line1: string; town: string; postcode: string },
): Promise<void> {
  const accepted = await request.post(`/api/proposals/${quote.token}/accept`, {
    data: { name, agree: true, startEarly: false, ...(propertyAddress ? { propertyAddress } : {}) },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
}

/**
 * In the lead's detail, a new quote begun as the owner types one: the chimney at £450, then "Add
 * line" and 12 slates at £18.50 (£672.00 without VAT). Buttons tapped on a phone. The draft's lines.
 */
export async function startChimneyDraft(page: Page, { tap = false } = {}): Promise<Locator> {
  const press = (name: string) => {
    const button = page.getByRole("button", { name });
    return tap ? button.tap() : button.click();
  };
  await press("New quote");
  const lines = page.getByRole("list", { name: "Lines" }).getByRole("listitem");
  await lines.nth(0).getByLabel("Description").fill("Re-point the chimney stack");
  await lines.nth(0).getByLabel("Unit price (£, no VAT)").fill("450");
  await press("Add line");
  await lines.nth(1).getByLabel("Description").fill("Replace 12 slates");
  await lines.nth(1).getByLabel("Quantity").fill("12");
  await lines.nth(1).getByLabel("Unit price (£, no VAT)").fill("18.50");
  return lines;
}

/**
 * On the quote page, the rest of an acceptance: the property's address typed, then "Accept this
 * quote" clicked (tapped on a phone); the answer's heading takes the focus.
 */
export async function acceptOnPage(
  page: Page,
  address: { line1: string; town: string; postcode: string },
  { tap = false } = {},
): Promise<void> {
  await page.getByLabel("Address").fill(address.line1);
  await page.getByLabel("Town").fill(address.town);
  await page.getByLabel("Postcode").fill(address.postcode);
  const accept = page.getByRole("button", { name: "Accept this quote" });
  await (tap ? accept.tap() : accept.click());
  await expect(page.getByRole("heading", { name: "You accepted this quote" })).toBeFocused();
}

/** The customer's entry in the desk's Money panel (the panels open). */
export const moneyEntry = (page: Page, customer: string) =>
  page.getByRole("region", { name: "Money" }).getByRole("listitem").filter({ hasText: customer });

/** A payment recorded in the desk (pence), received today (UK date `receivedOn`). */
export async function recordBankPayment(page: Page, quote: SentQuote, amount: number, receivedOn: string) {
  const paid = await page.request.post(`/api/admin/proposals/${quote.id}/payments`, {
    data: { amount, method: "bank", receivedOn },
  });
  expect(paid.status(), await paid.text()).toBe(201);
}

/**
 * The signed-in desk, and a lead (its surname made unique from `surname`) with a quote of £750.00 +
 * VAT = £900.00, deposit 25 % = £225.00, sent from the desk's API.
 */
export async function sentRidgeQuote(page: Page, request: APIRequestContext, surname: string) {
  const who = payingCustomer(uniqueName(surname));
  const leadId = await submitLead(request, who);
  await signIn(page);
  const quote = await sendQuote(page, leadId, {
    lines: [{ description: "Re-bed and point the ridge", quantity: 1, unitPrice: 75000, vatRate: 20 }],
    depositPercent: 25,
  });
  return { who, customer: `${who.firstName} ${who.lastName}`, leadId, quote };
}

/**
 * A lead (its surname made unique from `surname`) whose quote (£400.00 + VAT = £480.00, deposit
 * 20 % = £96.00) was accepted with the property's address. The signed-in page stays on the desk.
 */
export async function acceptedFlashingQuote(
  page: Page,
  request: APIRequestContext,
  surname: string,
): Promise<{ who: Customer; customer: string; quote: SentQuote }> {
  const who = payingCustomer(uniqueName(surname));
  const customer = `${who.firstName} ${who.lastName}`;
  const leadId = await submitLead(request, who);
  await signIn(page);
  const quote = await sendQuote(page, leadId, {
    lines: [{ description: "Renew the lead flashing", quantity: 1, unitPrice: 40000, vatRate: 20 }],
    depositPercent: 20,
  });
  await acceptQuote(request, quote, customer, { line1: "2 Fore Road", town: "Kippen", postcode: "FK8 3DT" });
  return { who, customer, quote };
}

/**
 * A lead whose accepted quote (acceptedFlashingQuote) had its £96.00 deposit paid by bank today,
 * and then was cancelled by the customer within the 14 days, without asking for an early start: a
 * whole refund to confirm. The signed-in page stays on the desk.
 */
export async function cancelledAfterDeposit(
  page: Page,
  request: APIRequestContext,
): Promise<{ customer: string; quote: SentQuote }> {
  const { customer, quote } = await acceptedFlashingQuote(page, request, "Paid");
  await recordBankPayment(page, quote, 9600, londonDate(Date.now()));
  const cancelled = await request.post(`/api/proposals/${quote.token}/cancel`, { data: { name: customer } });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  return { customer, quote };
}

/** Nothing on the page is wider than the screen. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/**
 * Hides (or shows again) the sticky header and the floating buttons, which would cover what a
 * screenshot is of. A style attribute, as the pages' CSP refuses a style element.
 */
const uncover = (page: Page, hidden: boolean) =>
  page.evaluate((hide) => {
    for (const node of document.querySelectorAll<HTMLElement>("header, a.fixed, button.fixed"))
      node.style.visibility = hide ? "hidden" : "";
  }, hidden);

/** The screen as the reader sees it, scrolled to `selector`, into `{folder}/{name}-{width}.png`. */
export async function screenAt(page: Page, selector: string, folder: string, name: string): Promise<void> {
  await page
    .locator(selector)
    .first()
    .evaluate((node) => node.scrollIntoView({ block: "start" }));
  await uncover(page, true);
  await page.screenshot({ path: `${folder}/${name}-${page.viewportSize()!.width}.png` });
  await uncover(page, false);
}

/** A section's own screenshot, so the picture shows it whole at the page's width. */
export async function sectionShot(page: Page, selector: string, folder: string, name: string): Promise<void> {
  await uncover(page, true);
  await page.locator(selector).screenshot({ path: `${folder}/${name}-${page.viewportSize()!.width}.png` });
  await uncover(page, false);
}

/**
 * The guarantee check allows 20 a client network an hour (netlify/functions/guarantee-check.mts),
 * counted in the served site's database (table limit_charges), which a reused server keeps between
 * runs: a spec clears the count before its checks, so running it again within the hour still passes.
 */
export async function clearGuaranteeChecks(): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    await client.query("DELETE FROM limit_charges WHERE rule = 'guarantee-check'");
  } finally {
    await client.end();
  }
}
