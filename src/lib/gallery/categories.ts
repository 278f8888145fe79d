/**
 * Gallery categories (docs/spec.md, Content and records) with the labels of the /gallery filter buttons.
 * Shipped to the browser and used by Netlify Functions: no Node APIs, astro:* or React here.
 */

export const GALLERY_CATEGORIES = [
  { value: "all", label: "All Projects" },
  { value: "repairs", label: "Roof Repairs" },
  { value: "installation", label: "New Installations" },
  { value: "maintenance", label: "Maintenance" },
  { value: "roughcasting", label: "Roughcasting" },
  { value: "rendering", label: "Smooth Rendering" },
  { value: "emergency", label: "Emergency Work" },
] as const;

export type GalleryCategory = (typeof GALLERY_CATEGORIES)[number]["value"];

export const GALLERY_CATEGORY_VALUES = GALLERY_CATEGORIES.map((c) => c.value) as [
  GalleryCategory,
  ...GalleryCategory[],
];

export const DEFAULT_GALLERY_CATEGORY: GalleryCategory = "all";

export function categoryLabel(value: string | undefined): string {
  return GALLERY_CATEGORIES.find((c) => c.value === value)?.label ?? GALLERY_CATEGORIES[0].label;
}
