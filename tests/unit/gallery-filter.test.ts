import { describe, expect, it } from "vitest";
import { filterGallery, matchesCategory } from "../../src/lib/gallery/filter";
import type { GalleryCategory } from "../../src/lib/gallery/categories";
import { GALLERY_CATEGORIES, categoryLabel } from "../../src/lib/gallery/categories";

describe("matchesCategory (docs/spec.md, Gallery filter)", () => {
  it.each<[string, { title: string; description?: string; category?: string }, GalleryCategory, boolean]>([
    ["exact category", { title: "Slate work", category: "repairs" }, "repairs", true],
    ["other category, no text", { title: "Slate work", category: "installation" }, "repairs", false],
    ["category text in title", { title: "Storm Damage REPAIRS", category: "emergency" }, "repairs", true],
    [
      "category text in description",
      { title: "Cottage", description: "Full roughcasting job" },
      "roughcasting",
      true,
    ],
    ["singular word is not the category text", { title: "Roof repair in Stirling" }, "repairs", false],
    ["no category, no text", { title: "Cottage" }, "maintenance", false],
    ["text match is case-insensitive", { title: "x", description: "SMOOTH RENDERING" }, "rendering", true],
    ["label is not the category text", { title: "New Installations" }, "installation", true],
    ["label words alone do not match", { title: "Smooth finish" }, "rendering", false],
    ["all shows items of any category", { title: "x", category: "emergency" }, "all", true],
    ["all shows items without category", { title: "x" }, "all", true],
  ])("%s", (_name, item, category, expected) => {
    expect(matchesCategory(item, category)).toBe(expected);
  });

  it("filters a list keeping its order", () => {
    const items = [
      { id: 1, title: "A", category: "repairs" },
      { id: 2, title: "B", category: "installation" },
      { id: 3, title: "Emergency repairs", category: "emergency" },
    ];
    expect(filterGallery(items, "repairs").map((i) => i.id)).toEqual([1, 3]);
    expect(filterGallery(items, "all").map((i) => i.id)).toEqual([1, 2, 3]);
    expect(filterGallery(items, "maintenance")).toEqual([]);
  });
});

describe("gallery categories", () => {
  it("has the specified filter labels in order", () => {
    expect(GALLERY_CATEGORIES.map((c) => c.label)).toEqual([
      "All Projects",
      "Roof Repairs",
      "New Installations",
      "Maintenance",
      "Roughcasting",
      "Smooth Rendering",
      "Emergency Work",
    ]);
  });

  it.each([
    ["rendering", "Smooth Rendering"],
    ["all", "All Projects"],
    [undefined, "All Projects"],
    ["unknown", "All Projects"],
  ])("labels %s as %s", (value, label) => {
    expect(categoryLabel(value)).toBe(label);
  });
});
