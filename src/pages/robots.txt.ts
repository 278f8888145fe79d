import type { APIRoute } from "astro";

/**
 * Crawlers may read every page; the admin pages carry `noindex` instead of a Disallow so that
 * crawlers can see it. The sitemap URL is absolute, from the configured site.
 */
export const GET: APIRoute = ({ site }) => {
  if (!site) throw new Error("astro.config.mjs must set `site`: robots.txt names the absolute sitemap URL");
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "",
    `Sitemap: ${new URL("/sitemap-index.xml", site).href}`,
    "",
  ];
  return new Response(body.join("\n"), { headers: { "Content-Type": "text/plain; charset=utf-8" } });
};
