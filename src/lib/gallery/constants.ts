/**
 * Gallery limits. Shipped to the browser and used by Netlify Functions: keep it free of secrets,
 * Node APIs, astro:* and React imports.
 */

/** docs/uploads.md: no request body the browser sends may exceed 4 MiB. */
export const MAX_IMAGE_UPLOAD_BYTES = 4 * 1024 * 1024;
/** The browser re-encodes a photo until it is at most this size, leaving room for multipart framing. */
export const CLIENT_IMAGE_TARGET_BYTES = 3 * 1024 * 1024;
/** Longest edge the browser sends. */
export const CLIENT_IMAGE_MAX_EDGE = 2560;
/** Longest edge of the published image. */
export const PUBLISHED_IMAGE_MAX_EDGE = 2048;
/** Widths of the smaller published copies, for `srcset`. */
export const IMAGE_VARIANT_WIDTHS = [640, 1280] as const;
/** Pixel ceiling for decoding on the server (a decompression-bomb guard; 50 MP). */
export const MAX_INPUT_PIXELS = 50_000_000;

export const GALLERY_TITLE_MAX = 120;
export const GALLERY_DESCRIPTION_MAX = 1000;
export const GALLERY_LOCATION_MAX = 120;

export const UPLOAD_DEFAULT_DESCRIPTION = "Uploaded via Gallery Admin";

/** Public path of published gallery images: `${GALLERY_IMAGE_PATH}/{id}` and `/{id}/{width}`. */
export const GALLERY_IMAGE_PATH = "/media/gallery";
