/**
 * The page scripts the build links (`<script type="module" src>`), and every module they import
 * statically, are fetched at low priority.
 *
 * A module script is deferred, yet Chromium fetches it, and the modules it imports, at high
 * priority, beside the stylesheet the first paint waits for. The site's page scripts have nothing to
 * do before that paint: each one starts its work after it (src/scripts/after-first-paint.ts). So the
 * built pages ask for each script with `fetchpriority="low"` and name the modules it imports in
 * `<link rel="modulepreload" fetchpriority="low">` ahead of it (an import of a low-priority script
 * is otherwise fetched at high priority). Until the page has painted, the HTML and the one
 * stylesheet have the network to themselves (docs/quality.md, "First paint").
 *
 * Astro writes a processed `<script>` tag itself and takes any attribute on it as a sign to leave
 * the script unprocessed, so this is done to the built pages; tests/build/first-paint.test.ts
 * checks the result on every page.
 */
import { readFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import { htmlFiles } from "./security-headers.ts";

const MODULE_SCRIPT = /<script type="module" src="(\/_astro\/[^"]+\.js)"><\/script>/g;
/** A static import or re-export in a built chunk: `import{t}from"./a.js"`, `import"./b.js"`. */
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*"\.\/([^"]+\.js)"/g;

/** The modules a built chunk imports statically, and theirs, in the order they are met. */
export function staticImports(chunkUrl: string, read: (url: string) => string): string[] {
  const found: string[] = [];
  const visit = (url: string) => {
    const folder = url.slice(0, url.lastIndexOf("/") + 1);
    for (const [, file] of read(url).matchAll(STATIC_IMPORT)) {
      const imported = folder + file!;
      if (found.includes(imported)) continue;
      found.push(imported);
      visit(imported);
    }
  };
  visit(chunkUrl);
  return found;
}

/** The page with each linked module script, and what it imports, asked for at low priority. */
export function lowPriorityScripts(html: string, read: (url: string) => string): string {
  return html.replace(MODULE_SCRIPT, (_, src: string) => {
    const preloads = staticImports(src, read).map(
      (url) => `<link rel="modulepreload" href="${url}" fetchpriority="low">`,
    );
    return `${preloads.join("")}<script type="module" fetchpriority="low" src="${src}"></script>`;
  });
}

export default function scriptPriority(): AstroIntegration {
  return {
    name: "script-priority",
    hooks: {
      "astro:build:done": async ({ dir, logger }) => {
        const outDir = fileURLToPath(dir);
        const chunks = new Map<string, string>();
        const read = (url: string) => {
          if (!chunks.has(url)) chunks.set(url, readFileSync(join(outDir, url), "utf8"));
          return chunks.get(url)!;
        };
        let changed = 0;
        for (const file of await htmlFiles(outDir)) {
          const html = await readFile(file, "utf8");
          const low = lowPriorityScripts(html, read);
          if (low === html) continue;
          await writeFile(file, low);
          changed++;
        }
        logger.info(`Page scripts and their imports fetched at low priority on ${changed} pages`);
      },
    },
  };
}
