/**
 * The lead desk on /contact-admin as its specs drive it (lead-desk*.spec.ts): quotes sent through
 * POST /api/contact as the form sends them, the sign-in, the search and the list.
 */
import { randomBytes } from "node:crypto";
import { expect as baseExpect, type APIRequestContext, type Page } from "@playwright/test";
import { postQuote, quoteFormData } from "./quote-form";

// Each step waits on a function call of the local Netlify CLI, which can take seconds on a busy machine.
export const expect = baseExpect.configure({ timeout: 15_000 });

export const PASSWORD = process.env.ADMIN_PASSWORD || "admin";
export const API = "/api/admin/contact-submissions";
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(200)]);

/** Letters only, after `prefix`: a surname no other test's customer has. */
export const uniqueName = (prefix = "Lead") =>
  `${prefix}${Array.from(randomBytes(8), (b) => String.fromCharCode(97 + (b % 26))).join("")}`;

/** A quote from Kirsty {lastName} for roughcasting, with a photo (gable.png) if asked; its id. */
export async function submitQuote(request: APIRequestContext, lastName: string, withPhoto = false) {
  const form = quoteFormData({
    firstName: "Kirsty",
    lastName,
    email: "kirsty@example.co.uk",
    phone: "07700 900456",
    serviceRequired: "roughcasting",
    message: "The roughcast on the gable is cracking and coming away.",
  });
  if (withPhoto) form.append("attachments", new Blob([PNG], { type: "image/png" }), "gable.png");
  return (await postQuote(request, form)).id;
}

export async function unlock(page: Page) {
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Access Admin" }).click();
  await expect(page.getByRole("heading", { name: "Contact Submissions" })).toBeVisible();
}

export async function search(page: Page, text: string) {
  await page.getByRole("searchbox", { name: "Search" }).fill(text);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${text}`));
}

export const items = (page: Page) => page.getByRole("list", { name: "Submissions" }).getByRole("listitem");

/**
 * "Job done" in an open lead's detail: the question of what completing sends, and, unless `confirm`
 * is false, the confirmation. Answers the question's region (for what it says).
 */
export async function jobDone(page: Page, { confirm = true, tap = false } = {}) {
  const press = (name: string) => {
    const button = page.getByRole("button", { name, exact: true });
    return tap ? button.tap() : button.click();
  };
  await press("Job done");
  const question = page.getByRole("region", { name: "Job done?" });
  await expect(question.getByText("Nothing is sent until you confirm.")).toBeVisible();
  if (confirm) await press("Confirm: job done");
  return question;
}
