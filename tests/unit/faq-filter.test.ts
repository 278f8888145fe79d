import { describe, expect, it } from "vitest";
import { ALL_CATEGORIES, categoryFromParam, countVisible, matchesCategory } from "../../src/lib/faq-filter";

const items = ["general", "general", "pricing", "warranty"];

describe("FAQ filter", () => {
  it.each([
    [ALL_CATEGORIES, 4],
    ["general", 2],
    ["pricing", 1],
    ["warranty", 1],
    ["emergency", 0],
    ["gutters", 0],
  ])("%s shows %i questions", (selected, count) => {
    expect(countVisible(items, selected)).toBe(count);
  });

  it.each([
    ["general", "general", true],
    ["general", "pricing", false],
    ["pricing", ALL_CATEGORIES, true],
  ])("item %s under filter %s → %s", (item, selected, visible) => {
    expect(matchesCategory(item, selected)).toBe(visible);
  });

  it.each([
    [null, ALL_CATEGORIES],
    ["", ALL_CATEGORIES],
    ["  ", ALL_CATEGORIES],
    ["Pricing", "pricing"],
    ["gutters", "gutters"],
  ])("?category=%s selects %s", (param, category) => {
    expect(categoryFromParam(param)).toBe(category);
  });
});
