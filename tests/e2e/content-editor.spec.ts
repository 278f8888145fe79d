/**
 * The content editor at /admin/ (docs/content-editor.md): the real Sveltia CMS from the production
 * build, driven as the owner drives it. Edits go into a copy of the checkout, which the real build
 * then publishes; the repository's own content/ is never touched.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { parse } from "yaml";
import { CONTENT_EDITOR_POLICY } from "../../integrations/content-editor";
import { buildCheckout, copyCheckout, readFolder, removeCheckout, replaceFolder } from "./helpers/checkout";
import { localRepositoryFiles, openLocalRepository } from "./helpers/local-repository";

/** The one request the editor's policy refuses on purpose: its "newer version?" check (the version is pinned). */
const REFUSED_ON_PURPOSE = /^https:\/\/unpkg\.com\/@sveltia\/cms\//;

/** Records every request the page's Content-Security-Policy refuses. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = violations;
    document.addEventListener("securitypolicyviolation", (event) =>
      violations.push(`${event.effectiveDirective} ${event.blockedURI}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

async function save(page: Page) {
  await page.getByRole("button", { name: "Save", exact: true }).click();
}

async function expectSaved(page: Page) {
  await expect(page.getByRole("status").filter({ hasText: "Entry saved" })).toBeVisible();
}

test.describe("the content editor's page", () => {
  // What the build wrote (only /admin/ loads the CMS, no page links it) is checked in
  // tests/build/content-editor.test.ts.
  test("has a policy of its own, is not for search engines, and loads the CMS", async ({ request }) => {
    const response = await request.get("/admin/");
    expect(response.status()).toBe(200);
    const headers = response.headers();
    expect(headers["content-security-policy"]).toBe(CONTENT_EDITOR_POLICY);
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["x-robots-tag"]).toBe("noindex, nofollow");
    expect(headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    const html = await response.text();
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"/);
    expect(html).toContain('<script src="/admin/sveltia-cms.js"></script>');

    const script = await request.get("/admin/sveltia-cms.js");
    expect(script.status()).toBe(200);
    expect(await script.text()).not.toContain("cdn.jsdelivr.net");
    const config = parse(await (await request.get("/admin/config.yml")).text()) as {
      collections: { name: string }[];
    };
    expect(config.collections.map((collection) => collection.name)).toEqual(
      expect.arrayContaining([
        "business",
        "faq",
        "services",
        "towns",
        "testimonials",
        "carousel",
        "areas",
        "legal",
      ]),
    );
  });

  test("loads under its policy with nothing refused but the version check", async ({ page }) => {
    const violations = await watchViolations(page);
    await openLocalRepository(page, readFolder(join(import.meta.dirname, "..", ".."), "content"));
    await expect(page.getByRole("treeitem", { name: "Questions (FAQ)" })).toBeVisible();
    // Its icons are a font served from /admin/fonts/, not words such as "search".
    await expect
      .poll(() => page.evaluate(() => document.fonts.check("24px 'Material Symbols Outlined'", "search")))
      .toBe(true);
    expect((await violations()).filter((v) => !REFUSED_ON_PURPOSE.test(v.split(" ")[1] ?? ""))).toEqual([]);
  });
});

test.describe("the owner edits the site through the content editor", () => {
  test("a FAQ answer, a town's paragraph and the phone number reach the built pages; bad edits are refused", async ({
    page,
  }) => {
    // About a minute on an idle machine; two builds of the site make it slower on a busy one.
    test.setTimeout(240_000);
    const checkout = copyCheckout();
    try {
      await openLocalRepository(page, readFolder(checkout, "content"));

      // A FAQ answer.
      const answer =
        "Everywhere from Kippen to the Moray Firth, and larger jobs anywhere in the UK, every week.";
      await page.getByRole("treeitem", { name: "Questions (FAQ)" }).click();
      await page.getByRole("row", { name: /Which areas do you cover\?/ }).click();
      await page.getByRole("textbox", { name: "Answer" }).fill(answer);
      await save(page);
      await expectSaved(page);

      // A town's paragraph: too short is refused with the schema's limit, then a real one is saved.
      await page.getByRole("treeitem", { name: "Towns" }).click();
      await page.getByRole("row", { name: /Doune/ }).click();
      // The editor draws a long form's fields as they scroll into view.
      await page
        .getByRole("group", { name: /Paragraphs/ })
        .first()
        .scrollIntoViewIfNeeded();
      const paragraph = page.getByRole("textbox", { name: "Paragraph" }).first();
      await paragraph.fill("Slate roofs.");
      await save(page);
      await expect(
        page.getByRole("alert").filter({ hasText: "You must enter at least 200 characters." }),
      ).toBeVisible();
      const townText =
        "Doune grew up around its castle on the Teith, and its Main Street is still a row of two-storey " +
        "stone terraces and cottages with slate roofs, stone skews and cast-iron rhones. Skew copes lose " +
        "their pointing in the wet westerlies, so we check them whenever we are up on a Doune roof.";
      await paragraph.fill(townText);
      await save(page);
      await expectSaved(page);

      // The phone number: empty is refused, a new number is saved.
      await page.getByRole("treeitem", { name: "Business details" }).click();
      await page.getByRole("row").first().click();
      const phone = page.getByRole("textbox", { name: "Phone number" });
      await phone.fill("");
      await save(page);
      await expect(page.getByRole("alert").filter({ hasText: "This field is required." })).toBeVisible();
      await phone.fill("not a number");
      await save(page);
      await expect(
        page.getByRole("alert").filter({ hasText: "phone must be a UK number such as 07700 900412" }),
      ).toBeVisible();
      await phone.fill("01786 555123");
      await save(page);
      await expectSaved(page);

      // The files in content/ changed, and nothing else did.
      const before = readFolder(checkout, "content");
      const after = await localRepositoryFiles(page, "content");
      const changed = Object.keys(after)
        .filter((path) => after[path] !== before[path])
        .sort();
      expect(changed).toEqual([
        "content/business.yaml",
        "content/faq/areas-covered.yaml",
        "content/towns/doune.yaml",
      ]);
      expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
      replaceFolder(checkout, "content", after);
      expect(parse(after["content/business.yaml"]!)).toMatchObject({ details: { phone: "01786 555123" } });
      expect(parse(after["content/faq/areas-covered.yaml"]!)).toMatchObject({ answer });
      expect((parse(after["content/towns/doune.yaml"]!) as { paragraphs: string[] }).paragraphs[0]).toBe(
        townText,
      );

      // The build publishes them.
      const build = buildCheckout(checkout);
      expect(build.ok, build.output).toBe(true);
      const html = (path: string) =>
        readFileSync(join(checkout, "dist", path), "utf8").replaceAll("&#39;", "'");
      expect(html("faq.html")).toContain(answer);
      expect(html("areas/doune.html")).toContain(townText);
      expect(html("contact.html")).toContain("01786 555123");
      expect(html("index.html")).toContain('href="tel:01786555123"');

      // An edit that reaches the build some other way is refused there, in the owner's words.
      const business = after["content/business.yaml"]!.replace(/phone: .*/, 'phone: ""');
      replaceFolder(checkout, "content", { ...after, "content/business.yaml": business });
      const refused = buildCheckout(checkout);
      expect(refused.ok).toBe(false);
      expect(refused.output).toContain("business → details");
      expect(refused.output).toContain("Phone number: must be a UK number such as 07700 900412");
    } finally {
      removeCheckout(checkout);
    }
  });
});
