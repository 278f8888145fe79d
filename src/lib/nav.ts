/** The six links of the header, side menu and footer navigation. Browser-safe. */
export const NAV_LINKS = [
  { href: "/", label: "Home" },
  { href: "/about", label: "About Us" },
  { href: "/services", label: "Services" },
  { href: "/gallery", label: "Gallery" },
  { href: "/contact", label: "Contact" },
  { href: "/faq", label: "FAQ" },
] as const;

/**
 * Whether a nav link is the current page: Home only on exactly "/",
 * every other link on its own path and the paths below it.
 */
export function isActivePath(pathname: string, href: string): boolean {
  // Astro reports prebuilt pages by file name ("/index.html", "/about.html") under build.format "file".
  const page = pathname.replace(/(^|\/)index\.html$/, "$1").replace(/\.html$/, "") || "/";
  const path = page.length > 1 ? page.replace(/\/+$/, "") : page;
  if (href === "/") return path === "/";
  return path === href || path.startsWith(`${href}/`);
}
