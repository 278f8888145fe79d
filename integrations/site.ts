/** Public site URL for canonical links, the sitemap and robots.txt: SITE_URL, else Netlify's URL on deploys. */
export const SITE_URL = process.env.SITE_URL ?? process.env.URL ?? "https://www.glenbrae-roofing.co.uk";

/**
 * Pages that are not for search engines: the content editor, the admin screens, a staff invitation, a
 * customer's written quote and the not-found pages. They carry
 * `noindex` (BaseLayout's prop) and the sitemap leaves them out; tests/build/seo.test.ts checks both.
 */
const PRIVATE_PATH =
  /^\/(admin|gallery-admin|contact-admin|staff-invitation|quote|visit|404|services\/not-found)(\/|$)/;

/** `path` is a URL path ("/about") or a full URL. */
export function isPrivatePath(path: string): boolean {
  return PRIVATE_PATH.test(path.startsWith("/") ? path : new URL(path).pathname);
}
