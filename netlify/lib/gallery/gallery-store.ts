/**
 * The gallery's item index in Netlify Blobs (store `gallery`); the images themselves live in
 * gallery-images-store.ts.
 *
 * The index is one JSON blob holding every item in display order, so displayOrder is always
 * 0..n-1 without gaps. Every change goes through the one conditional update
 * (netlify/lib/blobs/conditional-update.ts): read with strong consistency, written back only if
 * unchanged, retried on conflict, so two admins working at once lose nothing (DESIGN.md §6).
 */
import { randomUUID } from "node:crypto";
import { openStore } from "../blobs/open-store.ts";
import { conditionalUpdate, UpdateConflictError } from "../blobs/conditional-update.ts";
import { deleteImage, imageDimensions } from "./gallery-images-store.ts";
import { HttpError } from "../http/http-error.ts";
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

/** The index kept changing under this writer: 409, the admin retries. */
export class ConflictError extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}

/**
 * Applies `change` to the current index and writes it back only if nobody else wrote in between;
 * on conflict, re-reads and applies `change` again. `change` returns the new index, or a value
 * in `{ stop }` to end without writing.
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

export type CreateOutcome = { item: GalleryItem } | { error: "image-missing" | "image-in-use" };

/** Appends a new item: its displayOrder is the item count at the moment it is committed. */
export async function createItem(input: GalleryCreateInput): Promise<CreateOutcome> {
  const imageId = imageIdFromUrl(input.imageUrl);
  const size = imageId ? await imageDimensions(imageId) : null;
  if (!imageId || !size) return { error: "image-missing" };
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
  return updateIndex<CreateOutcome>((index) => {
    if (index.items.some((item) => item.imageUrl === stored.imageUrl)) {
      return { stop: { error: "image-in-use" } };
    }
    const displayOrder = index.items.length;
    return { next: { items: [...index.items, stored] }, result: { item: toPublic(stored, displayOrder) } };
  });
}

export async function updateItem(id: string, input: GalleryUpdateInput): Promise<GalleryItem | null> {
  return updateIndex<GalleryItem | null>((index) => {
    const position = index.items.findIndex((item) => item.id === id);
    const current = index.items[position];
    if (!current) return { stop: null };
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

/** Removes the item, then its image. False when there is no such item. */
export async function deleteItem(id: string): Promise<boolean> {
  const removed = await updateIndex<StoredItem | null>((index) => {
    const current = index.items.find((item) => item.id === id);
    if (!current) return { stop: null };
    return { next: { items: index.items.filter((item) => item !== current) }, result: current };
  });
  if (!removed) return false;
  const imageId = imageIdFromUrl(removed.imageUrl);
  if (imageId) await deleteImage(imageId);
  return true;
}

/** Puts the items in the order of `ids`, which must hold every current id exactly once; else null. */
export async function reorderItems(ids: readonly string[]): Promise<GalleryItem[] | null> {
  return updateIndex<GalleryItem[] | null>((index) => {
    const byId = new Map(index.items.map((item) => [item.id, item]));
    const unique = new Set(ids);
    if (unique.size !== ids.length || ids.length !== byId.size || !ids.every((id) => byId.has(id))) {
      return { stop: null };
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
