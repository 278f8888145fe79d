// @ts-check
import { defineConfig } from "astro/config";
import react from "@astrojs/react";
import sitemap from "@astrojs/sitemap";
import tailwindcss from "@tailwindcss/vite";
import contentApiRedirects from "./integrations/content-api-redirects.ts";
import contentEditor from "./integrations/content-editor.ts";
import contentIndex from "./integrations/content-index.ts";
import islandChunks from "./integrations/island-chunks.ts";
import scriptPriority from "./integrations/script-priority.ts";
import securityHeaders from "./integrations/security-headers.ts";
import { SITE_URL, isPrivatePath } from "./integrations/site.ts";

export default defineConfig({
  site: SITE_URL,
  output: "static",
  trailingSlash: "never",
  build: { format: "file" },
  integrations: [
    contentIndex(),
    react(),
    sitemap({
      filter: (page) => !isPrivatePath(page),
    }),
    contentEditor(),
    securityHeaders(),
    scriptPriority(),
    contentApiRedirects(),
  ],
  // Astro hashes every inline script and style into a CSP <meta>; integrations/security-headers.ts
  // turns those into the Content-Security-Policy response header. No 'unsafe-inline' for scripts.
  // style="" attributes (React and embla set them) are allowed through style-src-attr only.
  security: {
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data: blob:",
        "font-src 'self'",
        "connect-src 'self'",
        "media-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-src 'none'",
        "worker-src 'self'",
        "manifest-src 'self'",
      ],
      styleDirective: {
        resources: ["'self'", { resource: "'unsafe-inline'", kind: "attribute" }],
      },
    },
  },
  vite: {
    plugins: [tailwindcss(), islandChunks()],
  },
});
