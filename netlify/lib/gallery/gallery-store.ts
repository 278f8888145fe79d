/**
 * The gallery's items and their order (table `gallery_items`); the images themselves are bytes in
 * Blobs (gallery-images-store.ts).
 *
 * `displayOrder` is an item's place in the gallery, 0..n-1 without gaps. Every change of the set or
 * the order (create, delete, reorder) takes a lock of the table first, so two admins working at once
 * queue and lose nothing (docs/architecture.md, Data that must not be lost); an edit of an item's
 * texts changes its row only.
 */
import { randomUUID } from "node:crypto";
import { database, transaction, violatedUnique, type Queryable } from "../database/database.ts";
import { deleteImage, imageDimensions } from "./gallery-images-store.ts";
import { ConflictError, HttpError, NotFoundError } from "../http/http-error.ts";
import { iso } from "../http/iso-time.ts";
import type { GalleryCategory } from "../../../src/lib/gallery/categories.ts";
import { imageIdFromUrl, imageUrlForId } from "../../../src/lib/gallery/images.ts";
import type { GalleryCreateInput, GalleryItem, GalleryUpdateInput } from "../../../src/lib/gallery/schema.ts";

interface ItemRow {
  id: string;
  title: string;
  description: string | null;
  location: string | null;
  image_id: string;
  category: GalleryCategory;
  area: string | null;
  width: number | null;
  height: number | null;
  created_at: Date;
}

/** The gallery's order: its own column, then the older item first should two rows share a place. */
const ORDER = "display_order, created_at, id";

function itemOf(row: ItemRow, displayOrder: number): GalleryItem {
  return {
    id: row.id,
    title: row.title,
    ...(row.description ? { description: row.description } : {}),
    ...(row.location ? { location: row.location } : {}),
    imageUrl: imageUrlForId(row.image_id),
    category: row.category,
    ...(row.area ? { area: row.area } : {}),
    ...(row.width !== null ? { width: row.width } : {}),
    ...(row.height !== null ? { height: row.height } : {}),
    createdAt: row.created_at.toISOString(),
    displayOrder,
  };
}

async function readItems(db: Queryable): Promise<GalleryItem[]> {
  const { rows } = await db.query<ItemRow>(`SELECT * FROM gallery_items ORDER BY ${ORDER}`);
  return rows.map(itemOf);
}

/** One writer of the set or the order at a time; readers are never held up. */
async function lockGallery(db: Queryable): Promise<void> {
  await db.query("LOCK TABLE gallery_items IN SHARE ROW EXCLUSIVE MODE");
}

export async function listItems(): Promise<GalleryItem[]> {
  return readItems(database());
}

const notFound = () => new NotFoundError("Gallery item not found");

/**
 * Appends a new item: its displayOrder is the item count at the moment it is committed. Throws 400
 * when `imageUrl` names no published image, 409 when another item shows it already.
 */
export async function createItem(input: GalleryCreateInput): Promise<GalleryItem> {
  const imageId = imageIdFromUrl(input.imageUrl);
  const size = imageId ? await imageDimensions(imageId) : null;
  if (!imageId || !size) {
    throw new HttpError(400, "Invalid gallery data", {
      imageUrl: ["Upload the image first: no such gallery image"],
    });
  }
  try {
    return await transaction(async (db) => {
      await lockGallery(db);
      const { rows } = await db.query<ItemRow & { place: string }>(
        `INSERT INTO gallery_items
           (id, title, description, location, image_id, category, area, width, height, created_at, display_order)
         SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, coalesce(max(display_order) + 1, 0)
           FROM gallery_items
         RETURNING *, (SELECT count(*) FROM gallery_items) AS place`,
        [
          randomUUID(),
          input.title,
          input.description || null,
          input.location || null,
          imageId,
          input.category,
          input.area || null,
          size.width ?? null,
          size.height ?? null,
          iso(Date.now()),
        ],
      );
      return itemOf(rows[0]!, Number(rows[0]!.place));
    });
  } catch (error) {
    if (violatedUnique(error) === "gallery_items_image_id_key")
      throw new ConflictError("This image is already in the gallery");
    throw error;
  }
}

/**
 * Changes an item's texts and place; throws 404 when there is no such item. Location and town are
 * kept when absent; an empty location or `area: null` removes them.
 */
export async function updateItem(id: string, input: GalleryUpdateInput): Promise<GalleryItem> {
  // Other rows are read as they were before this statement: the order is not what it changes.
  const { rows } = await database().query<ItemRow & { place: string }>(
    `WITH changed AS (
       UPDATE gallery_items SET
         title = $2, category = $3, description = $4,
         location = CASE WHEN $5::text IS NULL THEN location ELSE nullif($5, '') END,
         area = CASE WHEN $6 THEN $7 ELSE area END
       WHERE id = $1
       RETURNING *)
     SELECT changed.*, (SELECT count(*) FROM gallery_items g
                         WHERE (g.display_order, g.created_at, g.id)
                             < (changed.display_order, changed.created_at, changed.id)) AS place
       FROM changed`,
    [
      id,
      input.title,
      input.category,
      input.description || null,
      input.location ?? null,
      input.area !== undefined,
      input.area || null,
    ],
  );
  if (!rows[0]) throw notFound();
  return itemOf(rows[0], Number(rows[0].place));
}

/** Numbers the items 0..n-1 in their order again (after one left). */
async function renumber(db: Queryable): Promise<void> {
  await db.query(
    `UPDATE gallery_items g SET display_order = o.place
       FROM (SELECT id, row_number() OVER (ORDER BY ${ORDER}) - 1 AS place FROM gallery_items) o
      WHERE g.id = o.id AND g.display_order <> o.place`,
  );
}

/** Removes the item, then its image; throws 404 when there is no such item. */
export async function deleteItem(id: string): Promise<void> {
  const imageId = await transaction(async (db) => {
    await lockGallery(db);
    const { rows } = await db.query<{ image_id: string }>(
      "DELETE FROM gallery_items WHERE id = $1 RETURNING image_id",
      [id],
    );
    if (!rows[0]) throw notFound();
    await renumber(db);
    return rows[0].image_id;
  });
  await deleteImage(imageId);
}

/**
 * Puts the items in the order of `ids`; throws 400 unless `ids` holds every current id exactly
 * once (the gallery changed since the admin loaded it).
 */
export async function reorderItems(ids: readonly string[]): Promise<GalleryItem[]> {
  return transaction(async (db) => {
    await lockGallery(db);
    const { rows } = await db.query<{ id: string }>("SELECT id FROM gallery_items");
    const current = new Set(rows.map((row) => row.id));
    const unique = new Set(ids);
    if (unique.size !== ids.length || ids.length !== current.size || !ids.every((id) => current.has(id))) {
      throw new HttpError(400, "imageIds must list every gallery item exactly once", {
        imageIds: ["The gallery has changed: reload it and try again"],
      });
    }
    await db.query(
      `UPDATE gallery_items g SET display_order = o.place - 1
         FROM unnest($1::text[]) WITH ORDINALITY AS o (id, place)
        WHERE g.id = o.id AND g.display_order <> o.place - 1`,
      [ids],
    );
    return readItems(db);
  });
}

/** Claims the one-time seed of a local run's gallery: true only for the first caller, ever. */
export async function claimSeed(): Promise<boolean> {
  const { rowCount } = await database().query(
    "INSERT INTO gallery_seed (only_row, seeded_at) VALUES (true, $1) ON CONFLICT (only_row) DO NOTHING",
    [iso(Date.now())],
  );
  return rowCount === 1;
}
