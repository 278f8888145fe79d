/** `src`/`srcset` for a gallery imageUrl. Browser-safe. */
import { IMAGE_VARIANT_WIDTHS, PUBLISHED_IMAGE_MAX_EDGE } from "./gallery-constants";
import { imageIdFromUrl } from "./gallery-schema";

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
