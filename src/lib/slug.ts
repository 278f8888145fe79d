/**
 * Slugs: the names of content files and the web addresses built from them. Browser-safe and free of
 * zod, so the schemas of the build (classic zod) and of the functions (zod/mini) share one rule.
 */

/** Lower-case words joined by single hyphens: `roof-repairs`. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** What a field that must be a slug says when it is not one. */
export const SLUG_MESSAGE =
  "must be a slug: lower-case letters and digits joined by hyphens, e.g. roof-repairs";
