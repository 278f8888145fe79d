/**
 * The gallery's item index in Netlify Blobs (store `gallery`); the images themselves live in
 * gallery-images-store.ts.
 *
 * The index is one JSON blob holding every item in display order, so displayOrder is always
 * 0..n-1 without gaps. Every change reads it with strong consistency and writes it back
 * conditionally (`onlyIfMatch`, or `onlyIfNew` for the first write), retrying on conflict, so two
 * admins working at once lose nothing (docs/design.md, Data that must not be lost). Writers in one process also queue behind each
 * other: the local Blobs server checks the condition and writes in separate steps, so only the
 * queue makes concurrent writes from one process safe there.
 */
import { randomUUID } from "node:crypto";
import { getJsonWithEtag, openStore, setJsonIfUnchanged } from "../blobs/open-store.ts";
import { deleteImage, imageDimensions } from "./gallery-images-store.ts";
import { HttpError } from "../http/http-error.ts";
import type { GalleryCategory } from "../../../src/lib/gallery/categories.ts";
import { imageIdFromUrl, imageUrlForId } from "../../../src/lib/gallery/images.ts";
import type { GalleryCreateInput, GalleryItem, GalleryUpdateInput } from "../../../src/lib/gallery/schema.ts";

const STORE_NAME = "gallery";
const INDEX_KEY = "index";
const SEEDED_KEY = "seeded";
const MAX_ATTEMPTS = 12;

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

/** The index and the ETag to write it back against (none before the first write). */
async function readIndex(): Promise<{ index: GalleryIndex; etag?: string }> {
  const entry = await getJsonWithEtag<GalleryIndex>(indexStore(), INDEX_KEY);
  return entry ? { index: entry.data, etag: entry.etag } : { index: { items: [] } };
}

let queue: Promise<unknown> = Promise.resolve();

function serialised<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
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
  return serialised(async () => {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const { index, etag } = await readIndex();
      const outcome = await change(structuredClone(index));
      if ("stop" in outcome) return outcome.stop;
      if (await setJsonIfUnchanged(indexStore(), INDEX_KEY, outcome.next, etag)) return outcome.result;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * (attempt + 1)));
    }
    throw new ConflictError("The gallery is being changed by someone else; please try again.");
  });
}

export async function listItems(): Promise<GalleryItem[]> {
  return toPublicList((await readIndex()).index);
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
