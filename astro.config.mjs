// @ts-check
import { defineConfig } from "astro/config";
import react from "@astrojs/react";
import sitemap from "@astrojs/sitemap";
import tailwindcss from "@tailwindcss/vite";
import contentApiRedirects from "./integrations/content-api-redirects.ts";
import leanDynamicImports from "./integrations/lean-dynamic-imports.ts";
import securityHeaders from "./integrations/security-headers.ts";
import { SITE_URL, isPrivatePath } from "./integrations/site.ts";

export default defineConfig({
  site: SITE_URL,
  output: "static",
  trailingSlash: "never",
  build: { format: "file" },
  integrations: [
    react(),
    sitemap({
      filter: (page) => !isPrivatePath(page),
    }),
    securityHeaders(),
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
    plugins: [tailwindcss(), leanDynamicImports()],
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                // Every page with an island loads React, React DOM, its scheduler and Astro's React
                // renderer together: as one chunk they compress about 0.9 kB smaller than as four.
                groups: [
                  {
                    name: "react",
                    test: /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/,
                  },
                ],
              },
            },
          },
        },
      },
    },
  },
});
