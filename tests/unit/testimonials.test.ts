import { describe, expect, test } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { parse } from "yaml";
import { TestimonialSchema, type Testimonial } from "../../src/lib/content-schemas";
import { compareTestimonials, reviewMonthLabel } from "../../src/lib/testimonials";

const base = {
  name: "Morag",
  location: "Stirling",
  job: "Ridge re-bedded",
  publishedOn: { site: "Google", url: "https://example.com/r" },
  rating: 5,
  review: "Came out the same afternoon and made the roof watertight. Tidy and friendly.",
};
const testimonial = (month: string, order: number): Testimonial =>
  TestimonialSchema.parse({ ...base, month, order });

describe("testimonials", () => {
  test("newest first, whatever their order; order breaks ties within a month", () => {
    const list = [testimonial("2024-06", 1), testimonial("2025-02", 3), testimonial("2025-02", 2)];
    expect(list.sort(compareTestimonials).map((t) => [t.month, t.order])).toEqual([
      ["2025-02", 2],
      ["2025-02", 3],
      ["2024-06", 1],
    ]);
  });

  test.each([
    ["2025-02", "February 2025"],
    ["2024-12", "December 2024"],
    ["2026-01", "January 2026"],
  ])("%s reads %s", (month, label) => {
    expect(reviewMonthLabel(month)).toBe(label);
  });

  test("every testimonial in content/ is valid under the review policy's rules", () => {
    const files = readdirSync("content/testimonials").filter((name) => name.endsWith(".yaml"));
    expect(files.length).toBeGreaterThan(0);
    for (const id of files) {
      const entry: unknown = parse(readFileSync(`content/testimonials/${id}`, "utf8"));
      const result = TestimonialSchema.safeParse(entry);
      expect(result.error?.issues, id).toBeUndefined();
    }
  });
});
