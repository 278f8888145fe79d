/**
 * Gallery item and request schemas shared by the islands and the functions (docs/architecture.md, Shape; docs/http-contract.md),
 * so the browser and the server give the same messages. Browser-safe.
 */
import * as z from "zod/mini";
import "../zod-locale.ts";
import { DEFAULT_GALLERY_CATEGORY, GALLERY_CATEGORY_VALUES } from "./categories.ts";
import { imageIdFromUrl } from "./images.ts";
import { GALLERY_DESCRIPTION_MAX, GALLERY_LOCATION_MAX, GALLERY_TITLE_MAX } from "./constants.ts";
import { TOWN_SLUGS } from "../../generated/content-index.ts";

export const GalleryCategorySchema = z.enum(GALLERY_CATEGORY_VALUES, {
  error: "Please choose a category",
});

/** Server-generated image and item ids. */
export const GalleryIdSchema = z.string().check(z.regex(/^[a-z0-9-]{8,64}$/, "Unknown id"));

const Title = z
  .string({ error: "Title is required" })
  .check(
    z.trim(),
    z.minLength(1, "Title is required"),
    z.maxLength(GALLERY_TITLE_MAX, `Title must be at most ${GALLERY_TITLE_MAX} characters`),
  );
const Description = z
  .string()
  .check(
    z.trim(),
    z.maxLength(GALLERY_DESCRIPTION_MAX, `Description must be at most ${GALLERY_DESCRIPTION_MAX} characters`),
  );
const Location = z
  .string()
  .check(
    z.trim(),
    z.maxLength(GALLERY_LOCATION_MAX, `Location must be at most ${GALLERY_LOCATION_MAX} characters`),
  );

/** The town a project was done in: the slug of a page under /areas, one per file in content/towns/. */
const Area = z.enum(TOWN_SLUGS, { error: "Please choose one of the towns we list" });

export const GalleryItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.optional(z.string()),
  location: z.optional(z.string()),
  imageUrl: z.string(),
  category: z.optional(GalleryCategorySchema),
  displayOrder: z.number().check(z.int(), z.nonnegative()),
  width: z.optional(z.number().check(z.int(), z.positive())),
  height: z.optional(z.number().check(z.int(), z.positive())),
  area: z.optional(z.string()),
  /** ISO time the item was added; town pages show the newest first. */
  createdAt: z.optional(z.string()),
});
export type GalleryItem = z.infer<typeof GalleryItemSchema>;

/** POST /api/admin/gallery. `displayOrder` is accepted but the server assigns the current count. */
export const GalleryCreateSchema = z.object({
  title: Title,
  description: z.optional(Description),
  location: z.optional(Location),
  imageUrl: z
    .string({ error: "imageUrl is required" })
    .check(
      z.refine(
        (value) => imageIdFromUrl(value) !== null,
        "imageUrl must be an image uploaded to the gallery",
      ),
    ),
  category: z._default(GalleryCategorySchema, DEFAULT_GALLERY_CATEGORY),
  displayOrder: z.optional(z.number().check(z.int(), z.nonnegative())),
  area: z.optional(Area),
});
export type GalleryCreateInput = z.infer<typeof GalleryCreateSchema>;

/**
 * PUT /api/admin/gallery/{id}: the Edit Image dialog's fields. Location and area are kept when
 * absent; `area: null` removes the town.
 */
export const GalleryUpdateSchema = z.object({
  title: Title,
  description: z._default(Description, ""),
  category: GalleryCategorySchema,
  location: z.optional(Location),
  area: z.optional(z.nullable(Area)),
});
export type GalleryUpdateInput = z.infer<typeof GalleryUpdateSchema>;

export const GalleryReorderSchema = z.object({
  imageIds: z.array(z.string(), { error: "imageIds must be a list of ids" }),
});
