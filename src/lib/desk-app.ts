/**
 * The lead desk as the owner's app on his phone (docs/lead-desk.md, "On the owner's phone"): the web
 * app manifest that lets a browser install /contact-admin, and its icons, drawn at build time from
 * the site's icon (public/favicon.svg).
 */

/** Where the installed app opens, and the part of the site it keeps in its own window. */
export const DESK_START_URL = "/contact-admin";
export const DESK_MANIFEST_PATH = "/desk.webmanifest";
/** The sizes browsers ask of an installable app's icon. */
export const DESK_ICON_SIZES = [192, 512] as const;
export const deskIconPath = (size: number) => `/icons/desk-${size}.png`;

/** The manifest (https://www.w3.org/TR/appmanifest/) for a business's name. */
export function deskManifest(business: { name: string }) {
  return {
    name: `${business.name}: lead desk`,
    short_name: "Lead desk",
    description: "Quote requests, visits, quotes and payments: the owner's desk.",
    id: DESK_START_URL,
    start_url: DESK_START_URL,
    scope: DESK_START_URL,
    display: "standalone",
    background_color: "#ffffff",
    theme_color: "#163350",
    icons: DESK_ICON_SIZES.map((size) => ({
      src: deskIconPath(size),
      sizes: `${size}x${size}`,
      type: "image/png",
      purpose: "any",
    })),
  };
}
