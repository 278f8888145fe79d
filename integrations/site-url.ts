/** Public site URL for canonical links, the sitemap and robots.txt: SITE_URL, else Netlify's URL on deploys. */
export const SITE_URL = process.env.SITE_URL ?? process.env.URL ?? "https://www.glenbrae-roofing.co.uk";
