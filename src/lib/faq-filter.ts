/**
 * The FAQ page's category filter (docs/spec.md, FAQ). Browser-safe: the page's script imports it.
 */
export const ALL_CATEGORIES = "all";

/**
 * The category to show for a `?category=` value: "all" when absent or blank, otherwise the
 * value itself, so a link to a category with no questions shows the empty state instead of
 * silently showing everything.
 */
export function categoryFromParam(param: string | null): string {
  const value = param?.trim().toLowerCase();
  return value ? value : ALL_CATEGORIES;
}

/** Whether an item of `itemCategory` is visible under the `selected` filter. */
export function matchesCategory(itemCategory: string, selected: string): boolean {
  return selected === ALL_CATEGORIES || itemCategory === selected;
}

/** How many of `itemCategories` the `selected` filter shows. */
export function countVisible(itemCategories: readonly string[], selected: string): number {
  return itemCategories.filter((category) => matchesCategory(category, selected)).length;
}
