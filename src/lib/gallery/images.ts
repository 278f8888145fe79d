/** Gallery image URLs and their `src`/`srcset`. Browser-safe and free of zod (the public island uses it). */
import { GALLERY_IMAGE_PATH, IMAGE_VARIANT_WIDTHS, PUBLISHED_IMAGE_MAX_EDGE } from "./constants.ts";

const IMAGE_URL_PATTERN = new RegExp(`^${GALLERY_IMAGE_PATH}/([a-z0-9-]{8,64})$`);

/** The image id inside a gallery imageUrl, or null when the URL is not one of ours. */
export function imageIdFromUrl(imageUrl: string): string | null {
  return IMAGE_URL_PATTERN.exec(imageUrl)?.[1] ?? null;
}

export function imageUrlForId(id: string): string {
  return `${GALLERY_IMAGE_PATH}/${id}`;
}

export interface ResponsiveImage {
  src: string;
  srcSet?: string;
}

/**
 * Published images have smaller copies at `{imageUrl}/{width}` (made at upload); any other URL is
 * used as it is. `width` is the published image's own width, when known.
 */
export function responsiveImage(imageUrl: string, width?: number): ResponsiveImage {
  if (!imageIdFromUrl(imageUrl)) return { src: imageUrl };
  const full = width ?? PUBLISHED_IMAGE_MAX_EDGE;
  const variants = IMAGE_VARIANT_WIDTHS.filter((w) => w < full).map((w) => `${imageUrl}/${w} ${w}w`);
  return { src: imageUrl, srcSet: [...variants, `${imageUrl} ${full}w`].join(", ") };
}
