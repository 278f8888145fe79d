/**
 * The price guide end to end in real Chromium against the production build, on desktop and phone
 * (both projects run this spec: the page's layout and keyboard path differ by width): from a service
 * page to /price-guide, answers picked with the keyboard, the range shown and in the
 * live region, "Get a firm quote" to /contact with the service chosen and the guide above the form,
 * the quote sent, and the owner's desk showing "Guide shown: £… – £…". Screenshots of both pages
 * go to test-results/price-guide/ for a person to look at. The other answers and /contact's guide
 * box: price-guide-answers.spec.ts.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect as baseExpect, test, type Page } from "@playwright/test";
import { parse } from "yaml";
import { PriceGuideSchema } from "../../src/lib/price-guide/guide-schema";
import { computeBand } from "../../src/lib/price-guide/band";
import { formatPounds, guideShownText, rangeText } from "../../src/lib/price-guide/format";
import { expectNoA11yViolations } from "./helpers/a11y";
import { openDeskPanels } from "./helpers/desk-panels";
import { sendQuoteForm } from "./helpers/quote-form";

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

const PASSWORD = process.env.ADMIN_PASSWORD || "admin";
const guide = PriceGuideSchema.parse(
  (parse(readFileSync("content/price-guide.yaml", "utf8")) as { guide: unknown }).guide,
);
const roughcast = guide.jobs.find((job) => job.id === "roughcast")!;

const bandFor = (answers: Record<string, string>) => {
  const result = computeBand(guide, answers);
  if (!result.ok) throw new Error(result.message);
  return result.band;
};

/** Letters only: a surname no other test's customer has. */
const uniqueName = () =>
  `Guide${Array.from(randomBytes(8), (b) => String.fromCharCode(97 + (b % 26))).join("")}`;

/** A radio of one question, by the start of its label. */
const option = (page: Page, question: string, label: string) =>
  page
    .getByRole("group", { name: question })
    .getByRole("radio", { name: new RegExp(`^${label.replace(/[()]/g, "\\$&")}`) });

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/price-guide/${name}.png`, fullPage: true });

test.describe("price guide", () => {
  test("service page → guide by keyboard → range announced → firm quote with the guide → the owner's desk", async ({
    page,
  }, testInfo) => {
    const project = testInfo.project.name;
    // The browser's clock, running at normal speed, lets the quote pass the minimum fill time below.
    await page.clock.install();

    // A service page with a band links to the guide for its job.
    await page.goto("/services/roughcasting");
    await page.getByRole("link", { name: `Price guide: ${roughcast.label.toLowerCase()}` }).click();
    await expect(page).toHaveURL(/\/price-guide\?job=roughcast/);
    // The guide's script starts after the first paint.
    await expect(page.locator("form[data-price-guide]")).toHaveAttribute("data-ready", "true");
    await expect(page.getByRole("heading", { name: "How much will it cost?", level: 1 })).toBeVisible();
    await expect(option(page, "What needs doing?", roughcast.label)).toBeChecked();
    await expect(page.getByText(/Price guide last reviewed \d{1,2} \w+ \d{4}/)).toBeVisible();

    // Keyboard only: from the chosen job, Tab into the property question and pick with the arrows.
    await option(page, "What needs doing?", roughcast.label).focus();
    await page.keyboard.press("Tab");
    const firstProperty = option(page, "What kind of property?", guide.propertyTypes.terrace.label);
    await expect(firstProperty).toBeFocused();
    await page.keyboard.press("Space");
    await page.keyboard.press("ArrowDown");
    const semi = option(page, "What kind of property?", guide.propertyTypes.semi.label);
    await expect(semi).toBeChecked();
    await expect(semi).toBeFocused();

    // The semi's usual storeys and the first access and finish are chosen for the visitor.
    const finish = roughcast.finish!.choices[0]!;
    const expected = bandFor({
      job: "roughcast",
      property: "semi",
      storeys: guide.propertyTypes.semi.usualStoreys,
      access: guide.access[0]!.id,
      finish: finish.id,
    });
    // The live region holds the range; a screen reader hears "£7,500 to £12,500, VAT included".
    const live = page.locator("[aria-live='polite'][data-range-live]");
    await expect(live).toContainText(formatPounds(expected.low));
    await expect(live).toContainText(formatPounds(expected.high!));
    await expect(live).toContainText("VAT included");
    await expect(live.locator(".sr-only")).toHaveText("to");
    await expect(live.locator("[aria-hidden='true']")).toHaveText("–");
    await expect(page.getByText(`${expected.label} · ${expected.details}`)).toBeVisible();
    await expect(page.getByText(roughcast.timeOnSite).first()).toBeVisible();
    await expect(page.getByText("This is a guide, not a quote.", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: `${roughcast.label}: included` })).toBeVisible();

    // A harder answer, by keyboard: three storeys. The live region changes with the range.
    const top = guide.storeys.at(-1)!;
    await option(page, "How many storeys?", top.label).focus();
    await page.keyboard.press("Space");
    const higher = bandFor({ ...expected.answers, storeys: top.id });
    await expect(live).toContainText(formatPounds(higher.low));
    await expect(live).toContainText(formatPounds(higher.high!));
    await expect(page).toHaveURL(new RegExp(`storeys=${top.id}`));
    await expectNoA11yViolations(page, "price guide with a range");
    await shot(page, `price-guide-${project}`);

    // The one action, by keyboard.
    await page.getByRole("button", { name: "Get a firm quote" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/contact\?service=roughcasting&job=roughcast&property=semi/);
    const box = page.locator("[data-guide-box]");
    await expect(box.getByRole("heading", { name: "Your price guide" })).toBeVisible();
    await expect(box).toContainText(rangeText(higher));
    await expect(box).toContainText("VAT included");
    await expect(box).toContainText(higher.details);
    await page.locator("#quote-form astro-island:not([ssr])").first().waitFor({ state: "attached" });
    await expect(page.getByLabel("Service Required")).toHaveValue("roughcasting");
    await expectNoA11yViolations(page, "contact with the price guide");
    await shot(page, `contact-with-guide-${project}`);

    // The quote, with the guide still above the form.
    await expect(box).toContainText(rangeText(higher));
    const lastName = uniqueName();
    await sendQuoteForm(page, {
      firstName: "Isla",
      lastName,
      email: "isla@example.co.uk",
      phone: "07700 900789",
      message: "The harling on the gable is cracked and hollow in places.",
    });
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();

    // The owner's desk: the list and the detail show the range the visitor saw.
    await page.goto(`/contact-admin?q=${lastName}`);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Access Admin" }).click();
    const item = page.getByRole("list", { name: "Submissions" }).getByRole("listitem");
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(guideShownText(higher));
    await page.getByRole("button", { name: `View Details for Isla ${lastName}` }).click();
    await expect(page.getByText(guideShownText(higher))).toBeVisible();
    await expect(page.getByText(`${higher.label} · ${higher.details}`)).toBeVisible();
    await expect(
      page.getByText("Set the status to Quote sent to record the amount you quoted."),
    ).toBeVisible();

    // Quoted: the amount is recorded and the price guide check counts it.
    await page.getByRole("combobox", { name: "Status" }).selectOption({ label: "Quote sent" });
    await expect(page.getByText("Status set to Quote sent")).toBeVisible();
    await page.getByLabel("Amount quoted (£, VAT included)").fill("£12,450");
    await page.getByRole("button", { name: "Save Amount" }).click();
    await expect(page.getByText("Amount quoted saved")).toBeVisible();
    await expect(page.getByText(/Recorded £12,450 on/)).toBeVisible();
    await expectNoA11yViolations(page, "lead detail with the guide and the amount quoted");
    await page.getByRole("button", { name: "Back to List" }).click();
    await openDeskPanels(page);
    const check = page.getByRole("region", { name: "Price guide check" });
    await expect(check.getByRole("rowheader", { name: roughcast.label })).toBeVisible();
    await expectNoA11yViolations(page, "lead desk with the price guide check");

    // Clean up: the lead goes, and its figures with it.
    await page.getByRole("button", { name: `View Details for Isla ${lastName}` }).click();
    await page.getByRole("button", { name: "Delete Lead" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("No submissions match")).toBeVisible();
  });
});
