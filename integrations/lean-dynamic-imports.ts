import type { Plugin } from "vite";

const PRELOAD_HELPER = "\0vite/preload-helper.js";

/**
 * Vite wraps every dynamic `import()` of the browser build in its preload helper, about 0.8 kB of
 * gzipped JavaScript in the importing chunk, even with `build.modulePreload: false`
 * (vitejs/vite#18551). The quote form loads its rules, send and answers lazily to keep /contact
 * within its JavaScript budget (docs/islands.md), and the helper alone would undo a third of that.
 * It exists to fetch a lazy chunk's CSS and dependencies ahead; no island imports CSS (Tailwind
 * builds one stylesheet for every page) and the lazy chunks are small, so a plain `import()` does.
 */
export default function leanDynamicImports(): Plugin {
  return {
    name: "lean-dynamic-imports",
    enforce: "pre",
    // No list of chunks to preload written beside each import().
    configEnvironment: (name) => (name === "client" ? { build: { modulePreload: false } } : undefined),
    options(options) {
      if (this.environment?.name !== "client") return undefined;
      return { ...options, preserveEntrySignatures: "allow-extension" };
    },
    resolveId: (id) => (id === PRELOAD_HELPER ? id : undefined),
    load: (id) => (id === PRELOAD_HELPER ? "export const __vitePreload = (load) => load();" : undefined),
  };
}
