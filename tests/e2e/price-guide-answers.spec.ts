/**
 * The price guide's answers and /contact's guide box in real Chromium against the production build:
 * every property type for a flat roof, /contact without a guide, taking the guide off, and answers
 * the guide does not know. The journey at both widths: price-guide.spec.ts.
 */
import { readFileSync } from "node:fs";
import { expect as baseExpect, test, type Page } from "@playwright/test";
import { parse } from "yaml";
import { PriceGuideSchema } from "../../src/lib/price-guide/guide-schema";
import { computeBand } from "../../src/lib/price-guide/band";
import { formatPounds } from "../../src/lib/price-guide/format";
import { expectNoA11yViolations } from "./helpers/a11y";

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

const guide = PriceGuideSchema.parse(
  (parse(readFileSync("content/price-guide.yaml", "utf8")) as { guide: unknown }).guide,
);
const properties = ["terrace", "semi", "detached", "bungalow", "flat"] as const;

const bandFor = (answers: Record<string, string>) => {
  const result = computeBand(guide, answers);
  if (!result.ok) throw new Error(result.message);
  return result.band;
};

/** A radio of one question, by the start of its label. */
const option = (page: Page, question: string, label: string) =>
  page
    .getByRole("group", { name: question })
    .getByRole("radio", { name: new RegExp(`^${label.replace(/[()]/g, "\\$&")}`) });

test.describe("price guide", () => {
  test("every property type gives a range or a 'from' price, and the questions follow the job", async ({
    page,
  }) => {
    await page.goto("/price-guide?job=flat-roof");
    await expect(page.locator("form[data-price-guide]")).toHaveAttribute("data-ready", "true");
    // Flat roofs do not ask about storeys: that question goes, the job's own appears.
    await expect(page.getByRole("group", { name: "How many storeys?" })).toBeHidden();
    await expect(page.getByRole("group", { name: "Which covering?" })).toBeVisible();
    for (const property of properties) {
      await option(page, "What kind of property?", guide.propertyTypes[property].label).check();
      const flatRoof = guide.jobs.find((job) => job.id === "flat-roof")!;
      const band = bandFor({
        job: "flat-roof",
        property,
        access: guide.access[0]!.id,
        finish: flatRoof.finish!.choices[0]!.id,
      });
      const live = page.locator("[data-range-live]");
      await expect(live).toContainText(
        band.high === null ? `From ${formatPounds(band.low)}` : formatPounds(band.high),
      );
      if (band.photosNeeded) await expect(live).toContainText("photos needed");
    }
    await expectNoA11yViolations(page, "price guide, flat roof");
  });

  test("/contact without the guide: a link to it, no range, no guide script", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.goto("/contact");
    const box = page.locator("[data-guide-box]");
    await expect(box.getByRole("link", { name: "Open the price guide" })).toHaveAttribute(
      "href",
      "/price-guide",
    );
    await expect(box.getByRole("heading", { name: "Your price guide" })).toHaveCount(0);
    await page.locator("#quote-form astro-island:not([ssr])").first().waitFor({ state: "attached" });
    expect(scripts.filter((url) => url.includes("contact-guide"))).toEqual([]);
  });

  test("the guide can be taken off the request on /contact", async ({ page }) => {
    await page.goto(
      "/contact?service=guttering&job=gutter-clearing&property=detached&storeys=two&access=clear",
    );
    const box = page.locator("[data-guide-box]");
    await expect(box.getByRole("heading", { name: "Your price guide" })).toBeVisible();
    await box.getByRole("button", { name: "Remove the guide from my request" }).click();
    await expect(box.getByRole("heading", { name: "Your price guide" })).toHaveCount(0);
    await expect(box.getByRole("link", { name: "Open the price guide" })).toBeFocused();
    await expect(page).toHaveURL(/\/contact\?service=guttering$/);
    await expect(box).not.toHaveAttribute("data-guide-estimate");
  });

  test("answers the guide does not know show no range on /contact", async ({ page }) => {
    const data = page.waitForResponse(/\/price-guide\/data\.json$/);
    await page.goto("/contact?job=demolition&property=semi");
    await data;
    await page.locator("#quote-form astro-island:not([ssr])").first().waitFor({ state: "attached" });
    const box = page.locator("[data-guide-box]");
    await expect(box.getByRole("link", { name: "Open the price guide" })).toBeVisible();
    await expect(box.getByRole("heading", { name: "Your price guide" })).toHaveCount(0);
  });
});
