/**
 * CDN caching of GET /api/gallery (docs/architecture.md, Data that must not be lost): cached under one tag that every admin change purges.
 */
import { purgeCache } from "@netlify/functions";

export const GALLERY_CACHE_TAG = "gallery";

export const GALLERY_LIST_HEADERS = {
  // Browsers always revalidate; the CDN keeps it until a purge, at most 5 minutes should a purge fail.
  "Cache-Control": "public, max-age=0, must-revalidate",
  "Netlify-CDN-Cache-Control": "public, durable, s-maxage=300, stale-while-revalidate=30",
  "Netlify-Cache-Tag": GALLERY_CACHE_TAG,
  "Cache-Tag": GALLERY_CACHE_TAG,
} as const;

/**
 * Purges the cached gallery list. Never throws: a change already committed must still answer success.
 * Skipped where there is no site to purge (the Netlify CLI offline, tests).
 */
export async function purgeGalleryCache(): Promise<void> {
  if (process.env.NETLIFY_LOCAL === "true" || !process.env.SITE_ID) return;
  try {
    await purgeCache({ tags: [GALLERY_CACHE_TAG] });
  } catch (error) {
    console.error("Gallery cache purge failed:", error instanceof Error ? error.message : error);
  }
}
