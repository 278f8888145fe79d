import type { Plugin } from "vite";

const PRELOAD_HELPER = "\0vite/preload-helper.js";

/**
 * How the islands' JavaScript is cut into files, for the weight budgets (scripts/budget.ts,
 * docs/islands.md). Browser build only.
 *
 * - React, React DOM, its scheduler and Astro's React renderer load together on every page with
 *   an island: as one chunk they compress about 0.9 kB smaller than as four.
 * - An island's entry chunk may carry exports beyond the component ("allow-extension"), so a
 *   module the island shares with its lazily loaded code stays in the entry chunk instead of
 *   becoming a small chunk of its own. Astro only reads the export it names.
 * - Vite wraps every dynamic `import()` in its preload helper, about 0.8 kB gzipped, even with
 *   `build.modulePreload: false` (works around vitejs/vite#18551). The helper fetches a lazy
 *   chunk's CSS and dependencies ahead; no island imports CSS (Tailwind builds one stylesheet)
 *   and the lazy chunks are small, so a plain `import()` does.
 */
export default function islandChunks(): Plugin {
  return {
    name: "island-chunks",
    enforce: "pre",
    configEnvironment: (name) =>
      name === "client"
        ? {
            build: {
              modulePreload: false,
              rolldownOptions: {
                output: {
                  codeSplitting: {
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
          }
        : undefined,
    options(options) {
      if (this.environment?.name !== "client") return undefined;
      return { ...options, preserveEntrySignatures: "allow-extension" };
    },
    resolveId: (id) => (id === PRELOAD_HELPER ? id : undefined),
    load: (id) => (id === PRELOAD_HELPER ? "export const __vitePreload = (load) => load();" : undefined),
  };
}
