import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { redirectsFile } from "../../integrations/content-api-redirects";
import { toApiService, toApiTestimonial } from "../../src/lib/api-content";
import { ServiceSchema, TestimonialSchema } from "../../src/lib/content-schemas";

describe("API shapes", () => {
  it("adds the slug to a service and drops the content-only order", () => {
    const service = ServiceSchema.parse({
      name: "Lead Work",
      icon: "layer-group",
      order: 9,
      shortDescription: "Skilled lead flashings, valleys and bays.",
      accent: "accent",
      services: ["Lead flashings"],
    });
    expect(toApiService("lead-work", service)).toEqual({
      slug: "lead-work",
      name: "Lead Work",
      icon: "layer-group",
      shortDescription: "Skilled lead flashings, valleys and bays.",
      color: "bg-accent-50 text-accent-700",
      hoverColor: "hover:bg-accent-100",
      services: ["Lead flashings"],
      extraFeatures: [],
    });
  });

  it("serves a testimonial's public fields only", () => {
    const published = { site: "Google", url: "https://www.google.com/maps/reviews/fiona" };
    const testimonial = TestimonialSchema.parse({
      name: "Fiona",
      location: "Falkirk",
      job: "New slate roof",
      month: "2024-06",
      publishedOn: published,
      rating: 5,
      review: "A complete new slate roof, finished on the day they promised.",
      order: 3,
    });
    expect(toApiTestimonial(testimonial)).toEqual({
      name: "Fiona",
      location: "Falkirk",
      rating: 5,
      review: "A complete new slate roof, finished on the day they promised.",
      job: "New slate roof",
      month: "2024-06",
      publishedOn: published,
    });
  });
});

describe("_redirects (integrations/content-api-redirects.ts + public/_redirects)", () => {
  const slugs = readdirSync("content/services").map((file) => file.replace(/\.md$/, ""));
  const rules = redirectsFile(slugs, readFileSync("public/_redirects", "utf8"))
    .split("\n")
    .filter((line) => line.trim() && !line.startsWith("#"))
    .map((line) => line.trim().split(/\s+/));

  it("rewrites every service's API path to its prebuilt JSON, and nothing else under /api/services/", () => {
    const apiRules = rules.filter(([from]) => from!.startsWith("/api/services/"));
    expect(apiRules.map(([from]) => from).sort()).toEqual(
      slugs.map((slug) => `/api/services/${slug}`).sort(),
    );
    for (const [from, to, status] of apiRules) {
      expect(to).toBe(`/api/data/services/${from!.slice("/api/services/".length)}.json`);
      expect(status).toBe("200");
    }
  });

  it("rewrites the list endpoints and sends unknown service pages to the 404 page", () => {
    expect(rules).toContainEqual(["/api/services", "/api/data/services.json", "200"]);
    expect(rules).toContainEqual(["/api/testimonials", "/api/data/testimonials.json", "200"]);
    expect(rules.at(-1)).toEqual(["/services/*", "/services/not-found", "404"]);
  });

  it("leaves no content API rule to be kept by hand", () => {
    expect(readFileSync("public/_redirects", "utf8")).not.toMatch(/^\/api\//m);
  });
});
