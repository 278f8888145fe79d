// @ts-check
import { defineConfig } from "astro/config";
import react from "@astrojs/react";
import sitemap from "@astrojs/sitemap";
import tailwindcss from "@tailwindcss/vite";

/** Public site URL: Netlify sets URL on deploys; SITE_URL overrides it. */
const site = process.env.SITE_URL ?? process.env.URL ?? "https://www.glenbrae-roofing.co.uk";

export default defineConfig({
  site,
  output: "static",
  trailingSlash: "never",
  build: { format: "file" },
  integrations: [
    react(),
    sitemap({
      filter: (page) => !/\/(gallery-admin|contact-admin|404)(\/|$)/.test(page),
    }),
  ],
  vite: {
    plugins: [tailwindcss()],
  },
});
