/**
 * The address once (docs/pages.md): typed on the quote form, the property's address is on the
 * lead, fills the visit page's fields and the quote page's acceptance, and a wrong postcode is
 * stopped in the browser with the visit page's message before anything is sent.
 */
import { test } from "@playwright/test";
import { POSTCODE_MESSAGE } from "../../src/lib/postcode";
import { expect, uniqueName } from "./helpers/lead-desk";
import { fillQuoteForm, openQuoteForm, passMinimumFillTime } from "./helpers/quote-form";
import { sendQuote, signIn } from "./helpers/written-quotes";

test.describe.configure({ timeout: 120_000 });

test("typed once on the quote form, the address fills the visit page and the quote page", async ({
  page,
}) => {
  const lastName = uniqueName("Address");
  await openQuoteForm(page);
  await fillQuoteForm(page, {
    firstName: "Eilidh",
    lastName,
    email: "eilidh@example.co.uk",
    phone: "07700 900321",
    service: "Roof Repairs",
    message: "Slates off the back slope after the storm.",
  });
  const address = page.getByRole("group", { name: /The property's address/ });
  await address.getByLabel("Address").fill("7 Station Road");
  await address.getByLabel("Town").fill("Kippen");
  await address.getByLabel("Postcode").fill("FK8");
  await passMinimumFillTime(page);
  const send = page.getByRole("button", { name: "Send Quote Request" });
  await send.click();
  // Stopped in the browser, with the visit page's message, and the postcode in focus.
  await expect(address.getByRole("alert")).toHaveText(POSTCODE_MESSAGE);
  await expect(address.getByLabel("Postcode")).toBeFocused();
  await address.getByLabel("Postcode").fill("fk8 3dn");
  await expect(address.getByRole("alert")).toHaveCount(0);
  await send.click();
  await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();

  await signIn(page);
  const listed = await page.request.get(`/api/admin/contact-submissions?q=${lastName}`);
  const [lead] = (await listed.json()) as { id: string; address: unknown }[];
  expect(lead!.address).toEqual({ line1: "7 Station Road", town: "Kippen", postcode: "FK8 3DN" });

  const invited = await page.request.post(`/api/admin/contact-submissions/${lead!.id}/visit-invitation`);
  expect(invited.status()).toBe(201);
  const { url } = (await invited.json()) as { url: string };
  await page.goto(new URL(url).pathname);
  await expect(page.getByLabel("Address", { exact: false }).first()).toHaveValue("7 Station Road");
  await expect(page.getByLabel("Town")).toHaveValue("Kippen");
  await expect(page.getByLabel("Postcode")).toHaveValue("FK8 3DN");

  const quote = await sendQuote(page, lead!.id, {
    lines: [{ description: "Replace 12 slates", quantity: 12, unitPrice: 1850, vatRate: 20 }],
    depositPercent: 0,
  });
  await page.goto(quote.customerUrl);
  const property = page.getByRole("group", { name: "The property's address (where the work is)" });
  await expect(property.getByLabel("Address")).toHaveValue("7 Station Road");
  await expect(property.getByLabel("Town")).toHaveValue("Kippen");
  await expect(property.getByLabel("Postcode")).toHaveValue("FK8 3DN");
});
