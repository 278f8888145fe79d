/**
 * Published gallery images in Netlify Blobs (store `gallery-images`): each image under a
 * server-generated id, with smaller copies for `srcset`. Keys are `{id}/full` and `{id}/w{width}`
 * (a key cannot also be a folder on the local Blobs server).
 */
import { randomUUID } from "node:crypto";
import { IMAGE_VARIANT_WIDTHS } from "../../../src/lib/gallery/constants.ts";
import { openStore } from "../blobs/open-store.ts";

const STORE_NAME = "gallery-images";

const fullKey = (id: string) => `${id}/full`;
const variantKey = (id: string, width: number) => `${id}/w${width}`;

export interface StoredImage {
  data: ArrayBuffer;
  contentType: string;
}

export interface ImageToStore {
  contentType: string;
  width: number;
  height: number;
  data: Uint8Array;
  /** Smaller copies by width. */
  variants: { width: number; data: Uint8Array }[];
}

const images = () => openStore(STORE_NAME);

/** Stores a published image and its smaller copies under a new server-generated id. */
export async function saveImage(image: ImageToStore): Promise<string> {
  const id = randomUUID();
  const store = images();
  const metadata = { contentType: image.contentType, width: image.width, height: image.height };
  // Copies first, the full image last: an image is listed as present (imageDimensions) only once complete.
  for (const variant of image.variants) {
    await store.set(variantKey(id, variant.width), toArrayBuffer(variant.data), {
      metadata: { contentType: image.contentType },
    });
  }
  await store.set(fullKey(id), toArrayBuffer(image.data), { metadata, onlyIfNew: true });
  return id;
}

function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

/**
 * Whether the image `id` is stored, and its dimensions when known: null when there is no such
 * complete image.
 */
export async function imageDimensions(id: string): Promise<{ width?: number; height?: number } | null> {
  const meta = await images().getMetadata(fullKey(id));
  if (!meta) return null;
  const { width, height } = meta.metadata;
  return typeof width === "number" && typeof height === "number" ? { width, height } : {};
}

/** The published image, or one of its smaller copies when `width` is given. */
export async function getImage(id: string, width?: number): Promise<StoredImage | null> {
  const key = width ? variantKey(id, width) : fullKey(id);
  const entry = await images().getWithMetadata(key, { type: "arrayBuffer" });
  if (!entry) return null;
  const contentType = typeof entry.metadata.contentType === "string" ? entry.metadata.contentType : "";
  return { data: entry.data, contentType };
}

/**
 * Deletes the image and its copies. Their keys are known (a copy is stored at each width of
 * IMAGE_VARIANT_WIDTHS narrower than the image, the same set since the first image), so nothing is
 * listed; deleting a copy an image too narrow never had is harmless. A width taken out of
 * IMAGE_VARIANT_WIDTHS must stay in imageKeys while images stored with it remain.
 */
export async function deleteImage(id: string): Promise<void> {
  const store = images();
  // The full image first: once it is gone the image counts as absent even if a copy is left behind.
  const [full, ...copies] = imageKeys(id);
  await store.delete(full!);
  await Promise.all(copies.map((key) => store.delete(key)));
}

/**
 * The keys of image `id`: the full image first, then its copies, those narrower than the image
 * when its `width` is known, else every copy it may have.
 */
export const imageKeys = (id: string, width?: number | null): string[] => [
  fullKey(id),
  ...IMAGE_VARIANT_WIDTHS.filter((copy) => !width || copy < width).map((copy) => variantKey(id, copy)),
];
