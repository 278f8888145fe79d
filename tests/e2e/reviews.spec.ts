/**
 * After the job (docs/reviews.md) in real Chromium against the production build and the suite's
 * MailDev: marking a lead Completed in the lead desk puts one review request in the inbox with the
 * configured link and one-click unsubscribe headers; its link's page stops review e-mails and the
 * desk says so. The review policy and the testimonials that link to it.
 */
import { readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { expect as baseExpect, test, type APIRequestContext, type Page } from "@playwright/test";
import { parse } from "yaml";
import { openDeskPanels } from "./helpers/desk-panels";
import { expectNoA11yViolations } from "./helpers/a11y";
import { maildevHeader, maildevMails, type MaildevMail } from "./helpers/maildev";
import { jobDone } from "./helpers/lead-desk";
import { postQuote, quoteFormData } from "./helpers/quote-form";

// Each step waits on a function call of the local Netlify CLI, which can take seconds on a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

const PASSWORD = process.env.ADMIN_PASSWORD || "admin";
const business = (
  parse(readFileSync("content/business.yaml", "utf8")) as { details: { name: string; reviewUrl: string } }
).details;

const uniqueName = () =>
  `Review${Array.from(randomBytes(8), (b) => String.fromCharCode(97 + (b % 26))).join("")}`;

async function submitQuote(request: APIRequestContext, lastName: string, email: string) {
  const form = quoteFormData({
    firstName: "Ailsa",
    lastName,
    email,
    phone: "07700 900321",
    serviceRequired: "roughcasting",
    message: "The roughcast on the gable needs redoing before winter.",
  });
  return (await postQuote(request, form)).id;
}

async function unlock(page: Page) {
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Access Admin" }).click();
  await expect(page.getByRole("heading", { name: "Contact Submissions" })).toBeVisible();
}

const reviewMailsTo = async (email: string) =>
  (await maildevMails()).filter(
    (mail) => mail.to.some((to) => to.address === email) && mail.subject.includes("review our work"),
  );

test("marking a lead Completed sends one review request; its one-click link stops review e-mails", async ({
  page,
  request,
}) => {
  const lastName = uniqueName();
  const email = `ailsa.${lastName.toLowerCase()}@example.co.uk`;
  const id = await submitQuote(request, lastName, email);
  const name = `Ailsa ${lastName}`;

  await page.goto(`/contact-admin?q=${lastName}`);
  await unlock(page);
  await openDeskPanels(page);
  await expect(page.getByRole("region", { name: /^Waiting for you/ })).toBeVisible();
  await page.getByRole("button", { name: `View Details for ${name}` }).click();
  await jobDone(page);
  await expect(page.getByText("Status set to Completed")).toBeVisible();

  let mails: MaildevMail[] = [];
  await expect
    .poll(async () => (mails = await reviewMailsTo(email)).length, { intervals: [100, 250, 500] })
    .toBe(1);
  const mail = mails[0]!;
  expect(mail.subject).toBe(`Would you review our work? – ${business.name}`);
  expect(mail.html).toContain(`href="${business.reviewUrl.replaceAll("&", "&amp;")}"`);
  expect(mail.text).toContain("Dear Ailsa,");
  expect(await maildevHeader(mail.id, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
  const header = (await maildevHeader(mail.id, "List-Unsubscribe")) ?? "";
  const link = /^<(https?:\/\/[^>]+\/review-emails\/stop\?lead=[0-9a-f-]{36}&token=[\w-]{24})>$/.exec(
    header,
  )?.[1];
  expect(link, header).toBeTruthy();
  const linkPath = new URL(link!).pathname + new URL(link!).search;

  // The desk shows it sent, with the reminder's day.
  await page.goto(`/contact-admin?id=${id}`);
  const emails = page.getByRole("region", { name: "E-mails" });
  await expect(
    emails.getByText(/^Review request sent \d\d\/\d\d\/\d{4}, \d\d:\d\d; one reminder due/),
  ).toBeVisible();
  await expect(emails.getByText(/^Review reminder to the customer:/)).toBeVisible();

  // The link from the e-mail: GET asks, the button stops.
  await page.goto(linkPath);
  await expect(page.getByRole("heading", { level: 1, name: "Stop review e-mails" })).toBeVisible();
  await expectNoA11yViolations(page, "unsubscribe page");
  await page.getByRole("button", { name: "Stop review e-mails" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Review e-mails stopped" })).toBeVisible();

  await page.goto(`/contact-admin?id=${id}`);
  await expect(emails.getByText(/^Customer stopped review e-mails/)).toBeVisible();
  await expect(emails.getByText("Not sent: The customer stopped review e-mails")).toBeVisible();

  // Completed again later: the desk still says opted out, and no second request arrives.
  await page.getByRole("combobox", { name: "Status" }).selectOption({ label: "Won" });
  await expect(page.getByText("Status set to Won")).toBeVisible();
  await jobDone(page);
  await expect(page.getByText("Status set to Completed")).toBeVisible();
  await expect(emails.getByText(/^Customer stopped review e-mails/)).toBeVisible();
  expect(await reviewMailsTo(email)).toHaveLength(1);
  await expectNoA11yViolations(page, "lead detail with its review request");
});

test("mail programs' one-click POST stops review e-mails without a page", async ({ page, request }) => {
  const lastName = uniqueName();
  const email = `ailsa.${lastName.toLowerCase()}@example.co.uk`;
  const id = await submitQuote(request, lastName, email);
  await page.goto(`/contact-admin?id=${id}`);
  await unlock(page);
  await jobDone(page);
  await expect(page.getByText("Status set to Completed")).toBeVisible();
  let mails: MaildevMail[] = [];
  await expect.poll(async () => (mails = await reviewMailsTo(email)).length).toBe(1);
  const header = (await maildevHeader(mails[0]!.id, "List-Unsubscribe")) ?? "";
  const url = new URL(/^<([^>]+)>$/.exec(header)![1]!);

  const response = await request.post(url.pathname + url.search, {
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    data: "List-Unsubscribe=One-Click",
  });
  expect(response.status()).toBe(200);
  await page.reload();
  await expect(
    page.getByRole("region", { name: "E-mails" }).getByText(/^Customer stopped review e-mails/),
  ).toBeVisible();
});

test("the review policy: linked from the footer and the testimonials, which say who, where, what and when", async ({
  page,
}) => {
  await page.goto("/");
  const reviews = page.getByRole("region", { name: "What Our Customers Say" });
  const first = reviews.getByRole("listitem").first();
  await expect(first).toContainText("Morag, Stirling");
  await expect(first).toContainText("Storm repair and ridge re-bedding");
  await expect(first).toContainText("February 2025");
  await expect(first.getByRole("link", { name: "Published on Google" })).toHaveAttribute(
    "href",
    /^https:\/\//,
  );
  await expectNoA11yViolations(page, "home with its testimonials");
  // No review stars of the business's own in the structured data.
  for (const script of await page.locator('script[type="application/ld+json"]').allTextContents()) {
    expect(script).not.toMatch(/aggregateRating|"Review"|ratingValue/);
  }

  await reviews.getByRole("link", { name: "How we ask for and choose reviews" }).click();
  await expect(page).toHaveURL(/\/review-policy$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Review Policy");
  for (const heading of [
    "How we ask for reviews",
    "How we choose the reviews on this website",
    "Fake and misleading reviews",
  ]) {
    await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  }
  await expect(page.getByRole("main")).toContainText("one reminder 7 days later");
  await expect(page.getByRole("main")).toContainText("Digital Markets, Competition and Consumers Act 2024");
  await expectNoA11yViolations(page, "review policy");

  await page.goto("/privacy-policy");
  await page.getByRole("contentinfo").getByRole("link", { name: "Review Policy" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Review Policy");
});
