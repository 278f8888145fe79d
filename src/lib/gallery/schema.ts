/**
 * Gallery item and request schemas shared by the islands and the functions (docs/architecture.md, Shape; docs/http-contract.md),
 * so the browser and the server give the same messages. Browser-safe.
 */
import { z } from "zod";
import { DEFAULT_GALLERY_CATEGORY, GALLERY_CATEGORY_VALUES } from "./categories.ts";
import { imageIdFromUrl } from "./images.ts";
import { GALLERY_DESCRIPTION_MAX, GALLERY_LOCATION_MAX, GALLERY_TITLE_MAX } from "./constants.ts";
import { TOWN_SLUGS } from "../../generated/content-index.ts";

export const GalleryCategorySchema = z.enum(GALLERY_CATEGORY_VALUES, {
  error: "Please choose a category",
});

/** Server-generated image and item ids. */
export const GalleryIdSchema = z.string().regex(/^[a-z0-9-]{8,64}$/, "Unknown id");

const Title = z
  .string({ error: "Title is required" })
  .trim()
  .min(1, "Title is required")
  .max(GALLERY_TITLE_MAX, `Title must be at most ${GALLERY_TITLE_MAX} characters`);
const Description = z
  .string()
  .trim()
  .max(GALLERY_DESCRIPTION_MAX, `Description must be at most ${GALLERY_DESCRIPTION_MAX} characters`);
const Location = z
  .string()
  .trim()
  .max(GALLERY_LOCATION_MAX, `Location must be at most ${GALLERY_LOCATION_MAX} characters`);

/** The town a project was done in: the slug of a page under /areas, one per file in content/towns/. */
const Area = z.enum(TOWN_SLUGS, { error: "Please choose one of the towns we list" });

export const GalleryItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().optional(),
  location: z.string().optional(),
  imageUrl: z.string(),
  category: GalleryCategorySchema.optional(),
  displayOrder: z.number().int().nonnegative(),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  area: z.string().optional(),
  /** ISO time the item was added; town pages show the newest first. */
  createdAt: z.string().optional(),
});
export type GalleryItem = z.infer<typeof GalleryItemSchema>;

/** POST /api/admin/gallery. `displayOrder` is accepted but the server assigns the current count. */
export const GalleryCreateSchema = z.object({
  title: Title,
  description: Description.optional(),
  location: Location.optional(),
  imageUrl: z
    .string({ error: "imageUrl is required" })
    .refine((value) => imageIdFromUrl(value) !== null, "imageUrl must be an image uploaded to the gallery"),
  category: GalleryCategorySchema.default(DEFAULT_GALLERY_CATEGORY),
  displayOrder: z.number().int().nonnegative().optional(),
  area: Area.optional(),
});
export type GalleryCreateInput = z.infer<typeof GalleryCreateSchema>;

/**
 * PUT /api/admin/gallery/{id}: the Edit Image dialog's fields. Location and area are kept when
 * absent; `area: null` removes the town.
 */
export const GalleryUpdateSchema = z.object({
  title: Title,
  description: Description.default(""),
  category: GalleryCategorySchema,
  location: Location.optional(),
  area: Area.nullable().optional(),
});
export type GalleryUpdateInput = z.infer<typeof GalleryUpdateSchema>;

export const GalleryReorderSchema = z.object({
  imageIds: z.array(z.string(), { error: "imageIds must be a list of ids" }),
});
