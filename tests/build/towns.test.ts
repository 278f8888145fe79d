/**
 * Town pages in the production build (docs/towns.md): a page in dist/ for every file in
 * content/towns/, listed in the sitemap with /areas; the no-doorway measure; the JSON-LD; the links in
 * and out. tests/e2e/towns.spec.ts visits the same pages in the browser.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { SITE_URL } from "../../integrations/site";
import { builtPages, DIST, sitemapPaths } from "../../scripts/lib/dist";
import { SERVICE_OPTION_VALUES } from "../../src/lib/service-options";
import { mainText, ownShingles, sectionText, shingles, words } from "./shingles";
import { towns } from "./town-files";

const absolute = (path: string) => new URL(path, SITE_URL).href;

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

describe("built town pages", () => {
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
