/**
 * Town pages (docs/design.md, Town pages): /areas and /areas/{slug} for every file in content/towns/, their
 * links, JSON-LD and sitemap entries, the no-doorway measure, and the projects a town page shows.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { expect as baseExpect, test, type APIRequestContext, type Page } from "@playwright/test";
import sharp from "sharp";
import { parse } from "yaml";
import { SITE_URL } from "../../integrations/site";
import { builtPages, DIST, sitemapPaths } from "../../scripts/lib/dist";
import { mainText, ownShingles, sectionText, shingles, words } from "./helpers/shingles";
import { SERVICE_OPTION_VALUES } from "../../src/lib/service-options";

const ROOT = join(import.meta.dirname, "..", "..");
const TOWNS_DIR = join(ROOT, "content", "towns");
const absolute = (path: string) => new URL(path, SITE_URL).href;
const PASSWORD = process.env.ADMIN_PASSWORD ?? "admin";
const expect = baseExpect.configure({ timeout: 20_000 });

interface TownFile {
  name: string;
  slug: string;
  council: string;
  postcodes: string[];
}
const towns: TownFile[] = readdirSync(TOWNS_DIR)
  .filter((name) => name.endsWith(".yaml"))
  .map((name) => parse(readFileSync(join(TOWNS_DIR, name), "utf8")) as TownFile)
  .sort((a, b) => a.slug.localeCompare(b.slug));
const townByName = (name: string) => towns.find((town) => town.name === name) as TownFile;

const html = (path: string) => readFileSync(join(DIST, `${path === "/" ? "/index" : path}.html`), "utf8");
const hrefs = (page: string) =>
  [...page.matchAll(/<a\b[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
type JsonLd = Record<string, unknown> & { "@type": string };
const jsonLd = (page: string) =>
  [...page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as JsonLd,
  );

/**
 * The bar: a town page must have at least this many 5-word phrases that no other town page has
 * (place names masked). Each real page has about 200 from its own paragraphs; a page whose copy
 * is another town's with the name swapped has none.
 */
const MIN_OWN_SHINGLES = 150;
/** And at least this share of the shingles of the town's own paragraphs must be on no other page. */
const MIN_OWN_TEXT_SHARE = 0.9;

test.describe("built town pages", () => {
  test.skip(({ isMobile }) => isMobile, "checks the build, not the browser");

  test("there are at least 15 towns and each has a built page, listed in the sitemap with /areas", () => {
    expect(towns.length).toBeGreaterThanOrEqual(15);
    const built = builtPages().map((page) => page.path);
    const sitemap = sitemapPaths();
    for (const path of ["/areas", ...towns.map((town) => `/areas/${town.slug}`)]) {
      expect.soft(built, path).toContain(path);
      expect.soft(sitemap, path).toContain(path);
    }
    // No town page that content/towns does not define.
    expect(built.filter((path) => path.startsWith("/areas/")).sort()).toEqual(
      towns.map((town) => `/areas/${town.slug}`).sort(),
    );
  });

  test("no doorway pages: every town page has enough text that no other town page has", () => {
    const places = towns.flatMap((town) => [town.name, town.council, ...town.postcodes]);
    const measured = towns.map((town) => {
      const page = html(`/areas/${town.slug}`);
      return {
        town,
        page,
        main: shingles(words(mainText(page), places)),
        own: shingles(words(sectionText(page, "data-town-text"), places)),
      };
    });
    const othersThan = (slug: string) => measured.filter((m) => m.town.slug !== slug).map((m) => m.main);

    for (const { town, main, own } of measured) {
      const unique = ownShingles(main, othersThan(town.slug));
      expect.soft(unique.size, `${town.slug}: own 5-word phrases`).toBeGreaterThanOrEqual(MIN_OWN_SHINGLES);
      expect.soft(own.size, `${town.slug}: own text found`).toBeGreaterThan(0);
      const ownShare = ownShingles(own, othersThan(town.slug)).size / own.size;
      expect
        .soft(ownShare, `${town.slug}: share of its paragraphs found on no other page`)
        .toBeGreaterThanOrEqual(MIN_OWN_TEXT_SHARE);
    }

    // The measure must catch a doorway: each town's page rebuilt from the next town's page with
    // the name, council area and postcodes swapped in fails it.
    for (const [index, { town }] of measured.entries()) {
      const source = measured[(index + 1) % measured.length]!;
      let fake = source.page
        .replaceAll(source.town.name, town.name)
        .replaceAll(source.town.council, town.council)
        .replaceAll(source.town.postcodes.join(", "), town.postcodes.join(", "));
      fake = fake.replaceAll(`/areas/${source.town.slug}`, `/areas/${town.slug}`);
      const unique = ownShingles(shingles(words(mainText(fake), places)), othersThan(town.slug));
      expect
        .soft(unique.size, `${town.slug} made from ${source.town.slug}'s copy`)
        .toBeLessThan(MIN_OWN_SHINGLES);
    }
  });

  test("every town page has BreadcrumbList Home › Areas We Serve › town and a RoofingContractor serving it", () => {
    for (const town of towns) {
      const path = `/areas/${town.slug}`;
      const entries = jsonLd(html(path));
      const crumbs = entries.find((entry) => entry["@type"] === "BreadcrumbList");
      expect.soft(crumbs?.itemListElement, `${path}: breadcrumbs`).toEqual([
        { "@type": "ListItem", position: 1, name: "Home", item: absolute("/") },
        { "@type": "ListItem", position: 2, name: "Areas We Serve", item: absolute("/areas") },
        { "@type": "ListItem", position: 3, name: town.name, item: absolute(path) },
      ]);
      const contractor = entries.find((entry) => entry["@type"] === "RoofingContractor");
      const served = contractor?.areaServed as JsonLd[] | undefined;
      expect.soft(served?.[0], `${path}: areaServed`).toEqual({
        "@type": "Place",
        name: town.name,
        containedInPlace: { "@type": "AdministrativeArea", name: town.council },
      });
      // The four broad areas follow.
      expect
        .soft(
          served?.slice(1).map((place) => place.name),
          path,
        )
        .toEqual(["Scotland", "Northern England", "Central England", "UK Wide"]);
    }
    const areas = jsonLd(html("/areas")).find((entry) => entry["@type"] === "BreadcrumbList");
    expect(areas?.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: absolute("/") },
      { "@type": "ListItem", position: 2, name: "Areas We Serve", item: absolute("/areas") },
    ]);
  });

  test("links in: /areas lists every town; home, contact and every page's footer link to /areas", () => {
    const areaLinks = hrefs(html("/areas"));
    for (const town of towns) expect.soft(areaLinks, town.slug).toContain(`/areas/${town.slug}`);
    for (const { path, file } of builtPages()) {
      const links = hrefs(readFileSync(file, "utf8"));
      expect.soft(links, `${path}: footer link to /areas`).toContain("/areas");
    }
    for (const path of ["/", "/contact"]) {
      const page = html(path);
      const areasSection = page.slice(
        page.indexOf('id="areas-heading"'),
        page.indexOf("</section>", page.indexOf('id="areas-heading"')),
      );
      expect.soft(hrefs(areasSection), `${path}: 'Areas We Serve' links to /areas`).toContain("/areas");
    }
  });

  test("links out: services, nearby towns, quotes and the areas index all resolve", () => {
    const built = new Set(builtPages().map((page) => page.path));
    const services = [...built].filter(
      (path) => /^\/services\/[a-z0-9-]+$/.test(path) && path !== "/services/not-found",
    );
    for (const town of towns) {
      const path = `/areas/${town.slug}`;
      const links = hrefs(html(path));
      for (const service of services) expect.soft(links, `${path} → ${service}`).toContain(service);
      const nearby = links.filter((href) => href.startsWith("/areas/") && href !== path);
      expect.soft(new Set(nearby).size, `${path}: nearby towns`).toBe(4);
      for (const href of nearby) expect.soft(built.has(href), `${path} → ${href}`).toBe(true);
      expect.soft(links, path).toContain("/areas");
      expect.soft(links, path).toContain("/contact");
      const quotes = links.filter((href) => href.startsWith("/contact?service="));
      expect.soft(quotes.length, `${path}: quote links`).toBeGreaterThan(0);
      for (const href of quotes) {
        expect.soft(SERVICE_OPTION_VALUES, href).toContain(href.split("=")[1]);
      }
      for (const href of links.filter((h) => h.startsWith("/") && !h.includes("?"))) {
        expect.soft(built.has(href) || href.startsWith("/api/"), `${path} → ${href}`).toBe(true);
      }
    }
  });
});

test.describe("town routes in the browser", () => {
  for (const town of towns) {
    test(`/areas/${town.slug} answers 200 with its breadcrumbs and heading`, async ({ page }) => {
      const response = await page.goto(`/areas/${town.slug}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        `Roofing & Roughcasting in ${town.name}`,
      );
      const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
      await expect(crumbs.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
      await expect(crumbs.getByRole("link", { name: "Areas We Serve" })).toHaveAttribute("href", "/areas");
      await expect(crumbs.getByRole("link", { name: town.name })).toHaveAttribute("aria-current", "page");
    });
  }

  test("/areas groups the towns by council area and says all of Scotland and UK-wide are covered", async ({
    page,
  }) => {
    expect((await page.goto("/areas"))?.status()).toBe(200);
    const stirling = townByName("Stirling");
    const group = page.getByRole("region", { name: stirling.council, exact: true });
    await expect(group.getByRole("link", { name: /Stirling/ })).toHaveAttribute("href", "/areas/stirling");
    await expect(page.getByText(/all of Scotland and take on projects UK-wide/).first()).toBeVisible();
    await page.getByRole("link", { name: /^Falkirk/ }).click();
    await expect(page).toHaveURL(/\/areas\/falkirk$/);
  });

  test("a quote link on a town page pre-selects the service on /contact", async ({ page }) => {
    await page.goto("/areas/doune");
    await page
      .getByRole("list", { name: "Ask for a quote for" })
      .getByRole("link", { name: "Roughcasting", exact: true })
      .click();
    await expect(page).toHaveURL(/\/contact\?service=roughcasting$/);
    await expect(page.getByLabel(/Service Required/)).toHaveValue("roughcasting");
  });
});

test.describe("projects on town pages", () => {
  test.describe.configure({ mode: "serial", timeout: 90_000 });
  test.skip(({ isMobile }) => isMobile, "mutations run once, in the desktop project");

  const RUN = randomBytes(3).toString("hex");
  const edited = `E2E town project ${RUN}`;
  const added = `E2E added in Doune ${RUN}`;
  let api: APIRequestContext;

  const png = (colour: string) =>
    sharp({ create: { width: 320, height: 240, channels: 3, background: colour } })
      .png()
      .toBuffer();

  async function unlock(page: Page) {
    await page.goto("/gallery-admin");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Access Admin" }).click();
    await expect(page.getByRole("heading", { name: "Gallery Admin" })).toBeVisible();
    await expect(page.getByText("Loading gallery...")).toBeHidden();
  }

  const projects = (page: Page) => page.getByRole("region", { name: /^Our projects in / });

  test.beforeAll(async ({ playwright, baseURL }) => {
    api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL as string } });
    expect((await api.post("/api/admin/login", { data: { password: PASSWORD } })).status()).toBe(200);
    const upload = await api.post("/api/upload/image", {
      multipart: { image: { name: "town.png", mimeType: "image/png", buffer: await png("#2a7f62") } },
    });
    expect(upload.status()).toBe(201);
    const { imageUrl } = (await upload.json()) as { imageUrl: string };
    const created = await api.post("/api/admin/gallery", {
      data: { title: edited, description: "Ridge re-bedded", imageUrl, category: "repairs" },
    });
    expect(created.status()).toBe(201);
  });

  test.afterAll(async () => {
    const items = (await (await api.get("/api/gallery")).json()) as { id: string; title: string }[];
    for (const item of items.filter((i) => i.title.includes(RUN)))
      await api.delete(`/api/admin/gallery/${item.id}`);
    await api.dispose();
  });

  test("a town chosen in the Edit Image dialog puts the project on that town's page only", async ({
    page,
  }) => {
    await page.goto("/areas/kilsyth");
    await expect(page.getByRole("heading", { name: "Towns near Kilsyth" })).toBeVisible();
    await expect(page.getByText(edited)).toHaveCount(0);

    await unlock(page);
    const card = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: edited, exact: true }) });
    await card.getByRole("button", { name: `Edit ${edited}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Image" });
    await dialog.getByLabel("Town").selectOption({ label: "Kilsyth" });
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Image updated successfully")).toBeVisible();
    await expect(card.getByText("Kilsyth")).toBeVisible();

    // On a phone-sized screen, showing the section moves nothing in view (CLS, docs/design.md, Quality bars).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/areas/kilsyth");
    await expect(projects(page)).toBeVisible();
    await page.waitForLoadState("networkidle");
    const shift = await page.evaluate(() => {
      // A buffered observer holds every layout shift so far at once: takeRecords() hands them over
      // without waiting for its callback (which never comes when there was no shift).
      const observer = new PerformanceObserver(() => undefined);
      observer.observe({ type: "layout-shift", buffered: true });
      const entries = observer.takeRecords() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[];
      observer.disconnect();
      return entries.filter((entry) => !entry.hadRecentInput).reduce((sum, entry) => sum + entry.value, 0);
    });
    expect(shift).toBeLessThanOrEqual(0.02);
    await page.setViewportSize({ width: 1280, height: 800 });
    const shown = projects(page).getByRole("listitem").filter({ hasText: edited });
    await expect(shown.getByRole("heading", { name: edited })).toBeVisible();
    await expect(shown.getByRole("img", { name: edited })).toBeVisible();

    await page.goto("/areas/cumbernauld");
    await expect(page.getByRole("heading", { name: "Towns near Cumbernauld" })).toBeVisible();
    // Give the page's script time to fetch and decide.
    await page.waitForLoadState("networkidle");
    await expect(page.getByText(edited)).toHaveCount(0);
  });

  test("a town chosen before 'Add New Image' is stored with the new project", async ({ page }) => {
    await unlock(page);
    await page.getByLabel("Town for new images").selectOption({ label: "New images: Doune" });
    await page.getByLabel("Add New Image").setInputFiles({
      name: `${added}.png`,
      mimeType: "image/png",
      buffer: await png("#7f2a4d"),
    });
    // Preparing, uploading and adding run one after another; a busy machine needs patience.
    await expect(page.getByText("Image uploaded successfully")).toBeVisible({ timeout: 60_000 });

    await page.goto("/areas/doune");
    await expect(projects(page).getByRole("heading", { name: added })).toBeVisible();
    await page.goto("/areas/kilsyth");
    await expect(projects(page).getByRole("heading", { name: edited })).toBeVisible();
    await expect(page.getByText(added)).toHaveCount(0);
  });
});
