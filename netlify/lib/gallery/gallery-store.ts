/**
 * The gallery's item index in Netlify Blobs (store `gallery`); the images themselves live in
 * gallery-images-store.ts.
 *
 * The index is one JSON blob holding every item in display order, so displayOrder is always
 * 0..n-1 without gaps. Every change goes through the one conditional update
 * (netlify/lib/blobs/conditional-update.ts): read with strong consistency, written back only if
 * unchanged, retried on conflict, so two admins working at once lose nothing (docs/architecture.md, Data that must not be lost).
 */
import { randomUUID } from "node:crypto";
import { openStore } from "../blobs/open-store.ts";
import { conditionalUpdate, UpdateConflictError } from "../blobs/conditional-update.ts";
import { deleteImage, imageDimensions } from "./gallery-images-store.ts";
import { ConflictError, HttpError, NotFoundError } from "../http/http-error.ts";
import type { GalleryCategory } from "../../../src/lib/gallery/categories.ts";
import { imageIdFromUrl, imageUrlForId } from "../../../src/lib/gallery/images.ts";
import type { GalleryCreateInput, GalleryItem, GalleryUpdateInput } from "../../../src/lib/gallery/schema.ts";

const STORE_NAME = "gallery";
const INDEX_KEY = "index";
const SEEDED_KEY = "seeded";

export interface StoredItem {
  id: string;
  title: string;
  description?: string;
  location?: string;
  imageUrl: string;
  category: GalleryCategory;
  /** Town slug (src/lib/towns.ts). */
  area?: string;
  width?: number;
  height?: number;
  createdAt: string;
}

export interface GalleryIndex {
  items: StoredItem[];
}

const indexStore = () => openStore(STORE_NAME);

function toPublic(item: StoredItem, displayOrder: number): GalleryItem {
  return { ...item, displayOrder };
}

function toPublicList(index: GalleryIndex): GalleryItem[] {
  return index.items.map(toPublic);
}

/** The index as stored (empty before the first write). */
async function readIndex(): Promise<GalleryIndex> {
  return ((await indexStore().get(INDEX_KEY, { type: "json" })) as GalleryIndex | null) ?? { items: [] };
}

/**
 * Applies `change` to the current index and writes it back only if nobody else wrote in between;
 * on conflict, re-reads and applies `change` again. `change` returns the new index, or a value
 * in `{ stop }` to end without writing; it refuses by throwing, which writes nothing.
 */
export async function updateIndex<T>(
  change: (
    index: GalleryIndex,
  ) =>
    | { next: GalleryIndex; result: T }
    | { stop: T }
    | Promise<{ next: GalleryIndex; result: T } | { stop: T }>,
): Promise<T> {
  try {
    return await conditionalUpdate<GalleryIndex, T>(STORE_NAME, INDEX_KEY, async (current) => {
      const outcome = await change(current ?? { items: [] });
      return "stop" in outcome ? { result: outcome.stop } : outcome;
    });
  } catch (error) {
    if (error instanceof UpdateConflictError)
      throw new ConflictError("The gallery is being changed by someone else; please try again.");
    throw error;
  }
}

export async function listItems(): Promise<GalleryItem[]> {
  return toPublicList(await readIndex());
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
  const stored: StoredItem = {
    id: randomUUID(),
    title: input.title,
    ...(input.description ? { description: input.description } : {}),
    ...(input.location ? { location: input.location } : {}),
    imageUrl: imageUrlForId(imageId),
    category: input.category,
    ...(input.area ? { area: input.area } : {}),
    ...size,
    createdAt: new Date().toISOString(),
  };
  return updateIndex<GalleryItem>((index) => {
    if (index.items.some((item) => item.imageUrl === stored.imageUrl)) {
      throw new ConflictError("This image is already in the gallery");
    }
    const displayOrder = index.items.length;
    return { next: { items: [...index.items, stored] }, result: toPublic(stored, displayOrder) };
  });
}

/** Changes an item's texts and place; throws 404 when there is no such item. */
export async function updateItem(id: string, input: GalleryUpdateInput): Promise<GalleryItem> {
  return updateIndex<GalleryItem>((index) => {
    const position = index.items.findIndex((item) => item.id === id);
    const current = index.items[position];
    if (!current) throw notFound();
    const { description: _d, location: _l, area: _a, ...kept } = current;
    const location = input.location ?? current.location;
    const area = input.area === undefined ? current.area : input.area;
    const updated: StoredItem = {
      ...kept,
      title: input.title,
      category: input.category,
      ...(input.description ? { description: input.description } : {}),
      ...(location ? { location } : {}),
      ...(area ? { area } : {}),
    };
    const items = index.items.with(position, updated);
    return { next: { items }, result: toPublic(updated, position) };
  });
}

/** Removes the item, then its image; throws 404 when there is no such item. */
export async function deleteItem(id: string): Promise<void> {
  const removed = await updateIndex<StoredItem>((index) => {
    const current = index.items.find((item) => item.id === id);
    if (!current) throw notFound();
    return { next: { items: index.items.filter((item) => item !== current) }, result: current };
  });
  const imageId = imageIdFromUrl(removed.imageUrl);
  if (imageId) await deleteImage(imageId);
}

/**
 * Puts the items in the order of `ids`; throws 400 unless `ids` holds every current id exactly
 * once (the gallery changed since the admin loaded it).
 */
export async function reorderItems(ids: readonly string[]): Promise<GalleryItem[]> {
  return updateIndex<GalleryItem[]>((index) => {
    const byId = new Map(index.items.map((item) => [item.id, item]));
    const unique = new Set(ids);
    if (unique.size !== ids.length || ids.length !== byId.size || !ids.every((id) => byId.has(id))) {
      throw new HttpError(400, "imageIds must list every gallery item exactly once", {
        imageIds: ["The gallery has changed: reload it and try again"],
      });
    }
    const next = { items: ids.map((id) => byId.get(id) as StoredItem) };
    return { next, result: toPublicList(next) };
  });
}

/** Claims the one-time seed of a local store: true only for the first caller, ever. */
export async function claimSeed(): Promise<boolean> {
  const written = await indexStore().set(SEEDED_KEY, new Date().toISOString(), { onlyIfNew: true });
  return written.modified;
}
