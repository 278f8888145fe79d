/**
 * Which gallery items a town page shows. Browser-safe and free of zod: the town pages' small
 * script uses it, and those pages carry no framework JavaScript.
 */
import type { GalleryItem } from "./gallery-schema";

/**
 * The items done in `area` (a town slug), newest first, at most `limit`. Items without a
 * `createdAt` count as oldest, in reverse display order.
 */
export function projectsForTown(items: readonly GalleryItem[], area: string, limit: number): GalleryItem[] {
  return items
    .filter((item) => item.area === area)
    .sort((a, b) => (b.createdAt ?? "").localeCompare(a.createdAt ?? "") || b.displayOrder - a.displayOrder)
    .slice(0, limit);
}
