/**
 * Survey visits booked online (docs/visits.md) against the production build: the owner invites a
 * lead from the desk; the customer opens the link from MailDev's e-mail on a phone, books a time;
 * both e-mails arrive with a calendar invitation (parsed); the time is gone for everyone; the desk
 * shows the visit and the agenda. axe on every state, screenshots at 390 and 1280 px.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { readFileSync } from "node:fs";
import { simpleParser } from "mailparser";
import { expect as baseExpect, test, type APIRequestContext, type Page } from "@playwright/test";
import { parse } from "yaml";
import { expectNoA11yViolations } from "./helpers/a11y";
import { openDeskPanels } from "./helpers/desk-panels";
import { parseIcs } from "./helpers/ics";
import { maildevMails, maildevWebPort, type MaildevMail } from "./helpers/maildev";

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 180_000 });

const PASSWORD = process.env.ADMIN_PASSWORD || "admin";
const SHOTS = process.env.VISIT_SCREENSHOTS ?? "test-results/visit-screenshots";
const business = (parse(readFileSync("content/business.yaml", "utf8")) as { details: { email: string } })
  .details;

const letters = () => Array.from(randomBytes(8), (b) => String.fromCharCode(97 + (b % 26))).join("");

async function submitQuote(request: APIRequestContext, lastName: string, email: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    firstName: "Isla",
    lastName,
    email,
    phone: "07700 900789",
    serviceRequired: "roof-repairs",
    message: "Slates missing above the back bedroom after the storm.",
    fillTimeMs: "15000",
    website: "",
  }))
    form.append(name, value);
  const response = await request.post("/api/contact", { multipart: form });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function mailsTo(address: string, count: number, subject?: RegExp): Promise<MaildevMail[]> {
  let found: MaildevMail[] = [];
  await expect
    .poll(
      async () => {
        found = (await maildevMails()).filter(
          (mail) => mail.to.some((to) => to.address === address) && (!subject || subject.test(mail.subject)),
        );
        return found.length;
      },
      { timeout: 30_000, intervals: [250, 500, 1000] },
    )
    .toBeGreaterThanOrEqual(count);
  return found;
}

async function calendarOf(mail: MaildevMail) {
  const source = await (await fetch(`http://127.0.0.1:${maildevWebPort}/api/email/${mail.id}/source`)).text();
  const parsed = await simpleParser(source);
  const file = parsed.attachments.find((a) => a.contentType.startsWith("text/calendar"));
  expect(file, `a calendar invitation in "${mail.subject}"`).toBeTruthy();
  return parseIcs(file!.content.toString("utf8"));
}

async function unlock(page: Page) {
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Access Admin" }).click();
}

test("invite from the desk, book from a phone through the e-mailed link, both e-mails carry the .ics, the time is gone for everyone", async ({
  page,
  browser,
  request,
}) => {
  // One run drives both the desk and a phone: only the desktop project runs this spec (playwright.config.ts).
  mkdirSync(SHOTS, { recursive: true });
  const lastName = `Visit${letters()}`;
  const email = `isla.${letters()}@example.co.uk`;
  const id = await submitQuote(request, lastName, email);
  const other = await submitQuote(request, `Other${letters()}`, `other.${letters()}@example.co.uk`);

  // The owner invites the customer from the lead.
  await page.goto(`/contact-admin?id=${id}`);
  await unlock(page);
  await expect(page.getByRole("heading", { name: `Isla ${lastName}` })).toBeVisible();
  await expect(page.getByText("Not invited yet")).toBeVisible();
  await page.getByRole("button", { name: "Invite to book a visit" }).click();
  await expect(page.getByText(/^Sent\. The customer's link:/)).toBeVisible();
  await expect(page.getByText(/Invited: no time booked yet/)).toBeVisible();

  // A second customer is invited too (through the API, with the desk's session).
  const invited = await page.request.post(`/api/admin/contact-submissions/${other}/visit-invitation`, {
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(invited.status()).toBe(201);
  const otherToken = ((await invited.json()) as { url: string }).url.split("/").pop()!;

  // The customer's e-mail holds the link.
  const [invitation] = await mailsTo(email, 1, /Book your free survey visit/);
  const link = /https?:\/\/\S+\/visit\/[A-Za-z0-9_-]{43}/.exec(invitation!.text)?.[0];
  expect(link).toBeTruthy();
  const path = new URL(link!).pathname;

  // On a phone.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  const mobile = await phone.newPage();
  const response = await mobile.goto(path);
  expect(response?.headers()["referrer-policy"]).toContain("no-referrer");
  expect(await mobile.locator('meta[name="robots"]').getAttribute("content")).toContain("noindex");
  await expect(mobile.getByRole("heading", { name: "Book your survey visit" })).toBeVisible();
  const times = mobile.getByRole("radio");
  await expect(times.first()).toBeVisible();
  await expectNoA11yViolations(mobile, "visit page: choose a time");
  await mobile.screenshot({ path: `${SHOTS}/visit-choose-390.png`, fullPage: true });

  // Keyboard: errors first, then a time chosen with the keyboard.
  await mobile.getByRole("button", { name: "Book this visit" }).click();
  await expect(mobile.getByText("Please choose a time")).toBeVisible();
  await mobile.getByLabel("Postcode").fill("not a postcode");
  await mobile.getByRole("button", { name: "Book this visit" }).click();
  await expect(mobile.getByText("Please enter a valid UK postcode")).toBeVisible();
  await expectNoA11yViolations(mobile, "visit page: errors");
  await times.first().focus();
  await mobile.keyboard.press("Space");
  const start = await times.first().getAttribute("value");
  await mobile.getByLabel("First line of the address").fill("4 Station Road");
  await mobile.getByLabel("Town").fill("Kippen");
  await mobile.getByLabel("Postcode").fill("fk8 3dn");
  await mobile.getByLabel("Access notes (optional)").fill("Park in the lane, please.");
  await mobile.getByRole("button", { name: "Book this visit" }).click();
  await expect(mobile.getByRole("heading", { name: "Your visit is booked" })).toBeVisible();
  await expect(mobile.getByText("4 Station Road, Kippen FK8 3DN")).toBeVisible();
  await expect(mobile.getByRole("button", { name: "Move the visit" })).toBeVisible();
  await expect(mobile.getByRole("button", { name: "Cancel the visit" })).toBeVisible();
  await expectNoA11yViolations(mobile, "visit page: booked");
  await mobile.screenshot({ path: `${SHOTS}/visit-booked-390.png`, fullPage: true });

  // Both e-mails, each with a calendar invitation for that time at that address.
  const [toCustomer] = await mailsTo(email, 1, /Survey visit booked/);
  const [toOwner] = await mailsTo(business.email, 1, new RegExp(`Survey visit booked: Isla ${lastName}`));
  const utc = new Date(Date.parse(start!)).toISOString().replace(/[-:]|\.\d{3}/g, "");
  for (const mail of [toCustomer!, toOwner!]) {
    const ics = await calendarOf(mail);
    expect(ics.method).toBe("REQUEST");
    expect(ics.event.DTSTART!.value).toBe(utc);
    expect(ics.event.LOCATION!.value).toBe("4 Station Road, Kippen FK8 3DN");
    expect(ics.event.SEQUENCE!.value).toBe("0");
  }

  // Gone for everyone.
  const otherState = await request.get(`/api/visits/${otherToken}`);
  expect(otherState.status()).toBe(200);
  const slots = ((await otherState.json()) as { slots: { start: string }[] }).slots.map((s) => s.start);
  expect(slots.length).toBeGreaterThan(0);
  expect(slots).not.toContain(start);

  // The desk shows the visit on the lead and in the agenda.
  await page.reload();
  await expect(page.getByRole("heading", { name: `Isla ${lastName}` })).toBeVisible();
  await expect(page.getByText(/^Booked · invited/)).toBeVisible();
  await expect(page.getByRole("link", { name: /4 Station Road, Kippen FK8 3DN/ })).toBeVisible();
  // A new link for a customer who has booked asks first; "Not now" sends nothing.
  await page.getByRole("button", { name: "Send a new visit link" }).click();
  const ask = page.getByRole("group", { name: "Send a new visit link?" });
  await expect(ask).toContainText(`Isla ${lastName} has booked`);
  await expect(ask).toContainText("A new link e-mails them again, and the link they have stops working.");
  await expectNoA11yViolations(page, "desk: a new visit link asks first");
  await ask.getByRole("button", { name: "Not now" }).click();
  await expect(ask).toHaveCount(0);
  await expect(page.getByText(/^Sent\. The customer's link:/)).toHaveCount(0);
  expect((await mobile.goto(path))?.status()).toBe(200); // the link they have still works
  await expectNoA11yViolations(page, "desk: lead with its visit");
  await page.screenshot({ path: `${SHOTS}/desk-lead-1280.png`, fullPage: true });
  await page.getByRole("button", { name: "Back to List" }).click();
  const agenda = page.getByRole("region", { name: "Survey visits" });
  await expect(agenda.getByRole("button", { name: `Isla ${lastName}`, exact: true })).toBeVisible();
  await expectNoA11yViolations(page, "desk: agenda");
  await agenda.screenshot({ path: `${SHOTS}/desk-agenda-1280.png` });

  // The owner's desk on a phone.
  const deskPhone = await phone.newPage();
  await deskPhone.goto(`/contact-admin?id=${id}`);
  await unlock(deskPhone);
  await expect(deskPhone.getByRole("heading", { name: `Isla ${lastName}` })).toBeVisible();
  await expect(deskPhone.getByRole("button", { name: /^Move/ })).toBeVisible();
  await deskPhone.screenshot({ path: `${SHOTS}/desk-lead-390.png`, fullPage: true });
  await deskPhone.getByRole("button", { name: "Back to List" }).click();
  // On a phone the desk's panels are folded under one line, below the search and the leads.
  await openDeskPanels(deskPhone);
  await expect(
    deskPhone
      .getByRole("region", { name: "Survey visits" })
      .getByRole("button", { name: `Isla ${lastName}`, exact: true }),
  ).toBeVisible();
  await deskPhone
    .getByRole("region", { name: "Survey visits" })
    .screenshot({ path: `${SHOTS}/desk-agenda-390.png` });
  await phone.close();
});
