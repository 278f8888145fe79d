import { expect, test } from "@playwright/test";
import { BUILT_IN_SERVICE_SLUGS } from "../../src/lib/content-schemas";

test.describe.configure({ mode: "parallel" });

test("GET /api/services lists all 13 services as JSON", async ({ request }) => {
  const response = await request.get("/api/services");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^application\/json/);
  const services = await response.json();
  expect(services.map((s: { slug: string }) => s.slug).sort()).toEqual([...BUILT_IN_SERVICE_SLUGS].sort());
  expect(services[0]).toMatchObject({ slug: "roof-repairs", name: "Roof Repairs", icon: "hammer" });
  for (const service of services) {
    expect(Object.keys(service)).toEqual(
      expect.arrayContaining(["slug", "name", "icon", "shortDescription", "color", "hoverColor", "services"]),
    );
  }
});

test("GET /api/services/{slug} answers each service as JSON", async ({ request }) => {
  for (const slug of BUILT_IN_SERVICE_SLUGS) {
    const response = await request.get(`/api/services/${slug}`);
    expect(response.status(), slug).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^application\/json/);
    expect((await response.json()).slug).toBe(slug);
  }
  const repairs = await (await request.get("/api/services/roof-repairs")).json();
  expect(repairs.detailedDescription.split("\n").filter(Boolean)).toHaveLength(3);
  expect(repairs.extraFeatures).toEqual([
    "Emergency leak repair",
    "Matching tiles and slates",
    "Damage assessment report",
  ]);
});

test("GET /api/services/{unknown} answers a JSON 404", async ({ request }) => {
  const response = await request.get("/api/services/thatched-roofs");
  expect(response.status()).toBe(404);
  expect(response.headers()["content-type"]).toMatch(/^application\/json/);
  expect(await response.json()).toEqual({ error: "Not found" });
});

test("GET /api/testimonials answers three five-star reviews as JSON", async ({ request }) => {
  const response = await request.get("/api/testimonials");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^application\/json/);
  const testimonials = await response.json();
  expect(testimonials).toHaveLength(3);
  for (const testimonial of testimonials) {
    // The first four fields, and what the review policy shows with them.
    expect(Object.keys(testimonial).sort()).toEqual([
      "job",
      "location",
      "month",
      "name",
      "publishedOn",
      "rating",
      "review",
    ]);
    expect(testimonial.rating).toBe(5);
    expect(testimonial.month).toMatch(/^\d{4}-\d{2}$/);
    expect(testimonial.publishedOn.url).toMatch(/^https:\/\//);
  }
});
