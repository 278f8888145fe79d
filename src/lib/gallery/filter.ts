/**
 * The gallery filter rule (docs/spec.md, Gallery filter). Browser-safe.
 *
 * An item matches a category when its category equals it exactly, or else when the category text
 * appears case-insensitively in its title or description. 'all' (All Projects) shows every item.
 */
import type { GalleryCategory } from "./categories";

interface Filterable {
  title: string;
  description?: string;
  category?: string;
}

export function matchesCategory(item: Filterable, category: GalleryCategory): boolean {
  if (category === "all") return true;
  if (item.category === category) return true;
  const needle = category.toLowerCase();
  return item.title.toLowerCase().includes(needle) || (item.description ?? "").toLowerCase().includes(needle);
}

export function filterGallery<T extends Filterable>(items: readonly T[], category: GalleryCategory): T[] {
  return items.filter((item) => matchesCategory(item, category));
}
