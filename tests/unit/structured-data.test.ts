import { describe, expect, it } from "vitest";
import {
  breadcrumbJsonLd,
  internationalPhone,
  localBusinessJsonLd,
  parseOpeningHours,
  serializeJsonLd,
  serviceJsonLd,
  type BusinessDetails,
} from "../../src/lib/structured-data";

const SITE = "https://example.co.uk/";
const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"];

describe("parseOpeningHours", () => {
  it.each([
    ["Mon-Fri 9:00 AM-5:00 PM", { dayOfWeek: WEEKDAYS, opens: "09:00", closes: "17:00" }],
    ["Sat 8:30 AM - 12:00 PM", { dayOfWeek: ["Saturday"], opens: "08:30", closes: "12:00" }],
    [
      "mon-sun 12:00 AM-11:59 PM",
      { dayOfWeek: [...WEEKDAYS, "Saturday", "Sunday"], opens: "00:00", closes: "23:59" },
    ],
  ])("%s", (text, expected) => {
    expect(parseOpeningHours(text)).toEqual({ "@type": "OpeningHoursSpecification", ...expected });
  });

  it.each(["Emergency only", "Closed", ""])("%j has no regular hours", (text) => {
    expect(parseOpeningHours(text)).toBeNull();
  });

  it.each(["Mon-Fri 9-5", "Mon-Fri 9:00-17:00", "Fri-Mon 9:00 AM-5:00 PM", "Mon-Fry 9:00 AM-5:00 PM"])(
    "%j fails loudly",
    (text) => {
      expect(() => parseOpeningHours(text)).toThrow();
    },
  );
});

describe("internationalPhone", () => {
  it.each([
    ["07700 900412", "+447700900412"],
    ["01786 870 123", "+441786870123"],
    ["+44 7700 900412", "+447700900412"],
  ])("%s → %s", (phone, expected) => expect(internationalPhone(phone)).toBe(expected));
});

const business: BusinessDetails = {
  name: "Test Roofing",
  phone: "07700 900412",
  email: "info@example.co.uk",
  address: {
    street: "1 High St",
    locality: "Kippen",
    region: "Stirlingshire",
    postcode: "FK8 3DN",
    country: "GB",
  },
  geo: { latitude: 56.1, longitude: -4.1 },
  workingHours: { weekdays: "Mon-Fri 9:00 AM-5:00 PM", saturday: "Emergency only", sunday: "Emergency only" },
  priceRange: "££",
  sameAs: [],
};

describe("localBusinessJsonLd", () => {
  const areas = [{ name: "Scotland" }, { name: "UK Wide" }];
  const services = [{ slug: "roof-repairs", name: "Roof Repairs", description: "Fixes." }];

  it("describes the contractor from the business details", () => {
    const ld = localBusinessJsonLd(business, areas, services, SITE, "/og-image.png");
    expect(ld).toMatchObject({
      "@type": "RoofingContractor",
      "@id": "https://example.co.uk/#business",
      name: "Test Roofing",
      url: "https://example.co.uk/",
      telephone: "+447700900412",
      email: "info@example.co.uk",
      address: { "@type": "PostalAddress", postalCode: "FK8 3DN", addressCountry: "GB" },
      geo: { "@type": "GeoCoordinates", latitude: 56.1, longitude: -4.1 },
      openingHoursSpecification: [{ dayOfWeek: WEEKDAYS, opens: "09:00", closes: "17:00" }],
      areaServed: [
        { "@type": "Place", name: "Scotland" },
        { "@type": "Place", name: "UK Wide" },
      ],
      priceRange: "££",
      image: "https://example.co.uk/og-image.png",
    });
    expect(ld.hasOfferCatalog?.itemListElement[0]?.itemOffered).toEqual({
      "@type": "Service",
      name: "Roof Repairs",
      description: "Fixes.",
      url: "https://example.co.uk/services/roof-repairs",
    });
  });

  it("places a town in its council area", () => {
    const ld = localBusinessJsonLd(
      business,
      [{ name: "Doune", containedIn: "Stirling" }, ...areas],
      [],
      SITE,
      "/x.png",
    );
    expect(ld.areaServed).toEqual([
      {
        "@type": "Place",
        name: "Doune",
        containedInPlace: { "@type": "AdministrativeArea", name: "Stirling" },
      },
      { "@type": "Place", name: "Scotland" },
      { "@type": "Place", name: "UK Wide" },
    ]);
  });

  it("gives the business no review stars of its own (no aggregateRating, no Review)", () => {
    const text = JSON.stringify(localBusinessJsonLd(business, areas, services, SITE, "/x.png"));
    for (const term of ["aggregateRating", "AggregateRating", '"review"', "Review", "ratingValue"]) {
      expect(text).not.toContain(term);
    }
  });

  it("lists sameAs only when profiles exist", () => {
    expect(localBusinessJsonLd(business, areas, [], SITE, "/x.png")).not.toHaveProperty("sameAs");
    const withProfiles = { ...business, sameAs: ["https://facebook.com/test"] };
    expect(localBusinessJsonLd(withProfiles, areas, [], SITE, "/x.png").sameAs).toEqual([
      "https://facebook.com/test",
    ]);
  });
});

describe("breadcrumbJsonLd", () => {
  it("numbers absolute items from 1", () => {
    const ld = breadcrumbJsonLd(
      [
        { name: "Home", href: "/" },
        { name: "Services", href: "/services" },
        { name: "Roof Repairs", href: "/services/roof-repairs" },
      ],
      SITE,
    );
    expect(ld.itemListElement.map((i) => [i.position, i.name, i.item])).toEqual([
      [1, "Home", "https://example.co.uk/"],
      [2, "Services", "https://example.co.uk/services"],
      [3, "Roof Repairs", "https://example.co.uk/services/roof-repairs"],
    ]);
  });
});

describe("serviceJsonLd", () => {
  it("points at the contractor as provider", () => {
    const ld = serviceJsonLd({ slug: "roughcasting", name: "Roughcasting", description: "Walls." }, [], SITE);
    expect(ld).toMatchObject({
      "@type": "Service",
      url: "https://example.co.uk/services/roughcasting",
      provider: { "@id": "https://example.co.uk/#business" },
    });
  });
});

describe("serializeJsonLd", () => {
  it("cannot close the script element", () => {
    const text = serializeJsonLd({ name: "</script><script>alert(1)</script>" });
    expect(text).not.toContain("</script");
    expect(JSON.parse(text)).toEqual({ name: "</script><script>alert(1)</script>" });
  });
});
