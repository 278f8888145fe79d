/**
 * The SEO bar (docs/quality.md) read from the production build in dist/: titles, descriptions,
 * canonical URLs, share cards, the sitemap and robots.txt, and the JSON-LD checked against content/.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { parse } from "yaml";
import { isPrivatePath, SITE_URL } from "../../integrations/site";
import { builtPages, DIST, sitemapPaths } from "../../scripts/lib/dist";
import { BUSINESS } from "../e2e/helpers/business";

const ROOT = join(import.meta.dirname, "..", "..");
const site = new URL(SITE_URL);
const absolute = (path: string) => new URL(path, site).href;

function meta(html: string, attribute: "name" | "property", key: string): string[] {
  const pattern = new RegExp(`<meta\\s+${attribute}="${key}"\\s+content="([^"]*)"`, "g");
  return [...html.matchAll(pattern)].map((match) => decode(match[1]!));
}

function decode(text: string): string {
  return text
    .replaceAll("&amp;", "&")
    .replaceAll("&#39;", "'")
    .replaceAll("&quot;", '"')
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)));
}

type JsonLd = Record<string, unknown> & { "@type": string };
function jsonLd(html: string): JsonLd[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as JsonLd,
  );
}

const pages = () =>
  builtPages().map(({ path, file }) => {
    const html = readFileSync(file, "utf8");
    return {
      path,
      html,
      title: decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ""),
      description: meta(html, "name", "description")[0] ?? "",
    };
  });

test("every page has its own title and description", () => {
  const all = pages();
  expect(all.map((p) => p.path)).toContain("/");
  for (const { path, html, title, description } of all) {
    expect.soft(html.match(/<title>/g), `${path}: one <title>`).toHaveLength(1);
    expect.soft(title.length, `${path}: title "${title}"`).toBeGreaterThanOrEqual(10);
    expect.soft(title.length, `${path}: title "${title}"`).toBeLessThanOrEqual(70);
    // The business name is appended once, by Seo.astro, from content/business.yaml.
    expect.soft(title.split(BUSINESS.shortName), `${path}: title "${title}"`).toHaveLength(2);
    expect.soft(title.endsWith(` | ${BUSINESS.shortName}`), `${path}: title "${title}"`).toBe(true);
    expect.soft(description, `${path}: description`).not.toBe("");
    if (isPrivatePath(path)) continue;
    // What search results show: long enough to say something, short enough not to be cut.
    expect.soft(description.length, `${path}: description "${description}"`).toBeGreaterThanOrEqual(50);
    expect.soft(description.length, `${path}: description "${description}"`).toBeLessThanOrEqual(170);
  }
  const duplicates = (key: "title" | "description") =>
    Object.entries(Object.groupBy(all, (p) => p[key]))
      .filter(([, group]) => group!.length > 1)
      .map(([text, group]) => `${text}: ${group!.map((p) => p.path).join(", ")}`);
  expect.soft(duplicates("title"), "shared titles").toEqual([]);
  expect.soft(duplicates("description"), "shared descriptions").toEqual([]);
});

test("every page declares en-GB, its canonical URL and its share card", () => {
  for (const { path, html, title, description } of pages()) {
    const canonical = absolute(path);
    expect.soft(html, `${path}: lang`).toMatch(/<html lang="en-GB"/);
    expect
      .soft(
        [...html.matchAll(/<link rel="canonical" href="([^"]+)"/g)].map((m) => m[1]),
        path,
      )
      .toEqual([canonical]);
    expect.soft(meta(html, "property", "og:url"), path).toEqual([canonical]);
    expect.soft(meta(html, "property", "og:title"), path).toEqual([title]);
    expect.soft(meta(html, "property", "og:description"), path).toEqual([description]);
    expect.soft(meta(html, "property", "og:type"), path).toEqual(["website"]);
    expect.soft(meta(html, "property", "og:locale"), path).toEqual(["en_GB"]);
    expect.soft(meta(html, "property", "og:image"), path).toEqual([absolute("/og-image.png")]);
    expect.soft(meta(html, "property", "og:image:alt")[0], path).toBeTruthy();
    expect.soft(meta(html, "name", "twitter:card"), path).toEqual(["summary_large_image"]);
    expect.soft(meta(html, "name", "twitter:image"), path).toEqual([absolute("/og-image.png")]);
    const noindex = meta(html, "name", "robots").some((value) => value.includes("noindex"));
    expect.soft(noindex, `${path}: noindex only on private pages`).toBe(isPrivatePath(path));
  }
});

test("the share image is a 1200 × 630 PNG", () => {
  const png = readFileSync(join(DIST, "og-image.png"));
  expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
});

test("the sitemap lists exactly the public pages, and robots.txt names it", () => {
  const publicPaths = builtPages()
    .map((page) => page.path)
    .filter((path) => !isPrivatePath(path));
  expect([...sitemapPaths()].sort()).toEqual(publicPaths.sort());
  expect(sitemapPaths().filter(isPrivatePath)).toEqual([]);
  const robots = readFileSync(join(DIST, "robots.txt"), "utf8");
  expect(robots).toMatch(/^User-agent: \*$/m);
  expect(robots).toContain(`Sitemap: ${absolute("/sitemap-index.xml")}`);
  expect(robots).not.toMatch(/^Disallow: \/$/m);
  expect(existsSync(join(DIST, "sitemap-index.xml"))).toBe(true);
});

/** A town page (/areas/{slug}) names its town, in its council area, first in areaServed. */
function townServed(path: string): object[] {
  const slug = /^\/areas\/([a-z0-9-]+)$/.exec(path)?.[1];
  if (!slug) return [];
  const town = parse(readFileSync(join(ROOT, "content", "towns", `${slug}.yaml`), "utf8"));
  return [
    {
      "@type": "Place",
      name: town.name,
      containedInPlace: { "@type": "AdministrativeArea", name: town.council },
    },
  ];
}

test("every page describes the business as a RoofingContractor from content/business.yaml", () => {
  const business = parse(readFileSync(join(ROOT, "content", "business.yaml"), "utf8")).details;
  const areas = Object.values(parse(readFileSync(join(ROOT, "content", "areas.yaml"), "utf8")) as object)
    .sort((a, b) => a.order - b.order)
    .map((area) => area.name);
  const phoneDigits = business.phone.replace(/\D/g, "").replace(/^0/, "44");
  for (const { path, html } of pages()) {
    const contractors = jsonLd(html).filter((entry) => entry["@type"] === "RoofingContractor");
    expect.soft(contractors, `${path}: one RoofingContractor`).toHaveLength(1);
    const ld = contractors[0];
    if (!ld) continue;
    expect.soft(ld, path).toMatchObject({
      "@context": "https://schema.org",
      name: business.name,
      url: absolute("/"),
      telephone: `+${phoneDigits}`,
      email: business.email,
      priceRange: business.priceRange,
      address: {
        "@type": "PostalAddress",
        streetAddress: business.address.street,
        addressLocality: business.address.locality,
        addressRegion: business.address.region,
        postalCode: business.address.postcode,
        addressCountry: business.address.country,
      },
      geo: { "@type": "GeoCoordinates", latitude: business.geo.latitude, longitude: business.geo.longitude },
      areaServed: [...townServed(path), ...areas.map((name) => ({ "@type": "Place", name }))],
    });
    const hours = ld.openingHoursSpecification as { dayOfWeek: string[]; opens: string; closes: string }[];
    expect.soft(hours.length, `${path}: opening hours`).toBeGreaterThan(0);
    for (const spec of hours) {
      expect.soft(spec.opens, path).toMatch(/^\d{2}:\d{2}$/);
      expect.soft(spec.closes, path).toMatch(/^\d{2}:\d{2}$/);
      expect.soft(spec.dayOfWeek.length, path).toBeGreaterThan(0);
    }
    if (business.sameAs?.length) expect.soft(ld.sameAs, path).toEqual(business.sameAs);
    else expect.soft(ld, path).not.toHaveProperty("sameAs");
    const offers = (ld.hasOfferCatalog as { itemListElement: { itemOffered: JsonLd }[] }).itemListElement;
    for (const { itemOffered } of offers) {
      expect.soft(itemOffered["@type"], path).toBe("Service");
      expect.soft(String(itemOffered.url), path).toMatch(new RegExp(`^${absolute("/services/")}[a-z0-9-]+$`));
    }
  }
});

test("service pages carry a BreadcrumbList Home › Services › service and a Service", () => {
  const servicePages = pages().filter(({ path }) => /^\/services\/[^/]+$/.test(path) && !isPrivatePath(path));
  for (const { path, html } of servicePages) {
    const entries = jsonLd(html);
    const crumbs = entries.find((entry) => entry["@type"] === "BreadcrumbList");
    const items = (crumbs?.itemListElement ?? []) as { position: number; name: string; item: string }[];
    expect
      .soft(
        items.map((i) => [i.position, i.item]),
        `${path}: breadcrumbs`,
      )
      .toEqual([
        [1, absolute("/")],
        [2, absolute("/services")],
        [3, absolute(path)],
      ]);
    const service = entries.find((entry) => entry["@type"] === "Service");
    expect
      .soft(service, `${path}: Service`)
      .toMatchObject({ url: absolute(path), provider: { "@id": absolute("/#business") } });
    expect.soft(items[2]?.name, `${path}: last crumb names the service`).toBe(service?.name);
  }
});
