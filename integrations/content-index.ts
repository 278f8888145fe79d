/**
 * What the code needs to know about content/, read from content/ itself: the town slugs (one file
 * per town in content/towns/). It is written into src/generated/content-index.ts, which the pages,
 * the islands and the Netlify Functions import like any module, so a town the owner adds through
 * the content editor is a town everywhere with no code change: gallery items can name it and
 * /areas/{slug} is built.
 *
 * The file is not in git. It is written before anything reads it: by this integration when Astro
 * starts (build, dev, check), by `npm install` (postinstall) and by the unit tests' setup; `node
 * integrations/content-index.ts` writes it by hand. Netlify bundles the functions after the build
 * command, so deployed functions always see the content they were built with.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";

export const CONTENT_INDEX_FILE = join("src", "generated", "content-index.ts");
export const TOWNS_FOLDER = join("content", "towns");

/** The slugs of the towns with a file in `root`/content/towns, sorted. */
export function townSlugs(root: string): string[] {
  return readdirSync(join(root, TOWNS_FOLDER))
    .filter((name) => name.endsWith(".yaml"))
    .map((name) => name.slice(0, -".yaml".length))
    .sort();
}

/** The module's source for these slugs. */
export function contentIndexSource(slugs: readonly string[]): string {
  if (slugs.length === 0)
    throw new Error(`${TOWNS_FOLDER} has no town files: the site serves at least one town`);
  return [
    "// Written from content/ by integrations/content-index.ts; not in git. Do not edit: add or remove a file in content/towns/.",
    "",
    "/** The towns with a page under /areas/{slug}: one per file in content/towns/. */",
    `export const TOWN_SLUGS = [${slugs.map((slug) => JSON.stringify(slug)).join(", ")}] as const;`,
    "",
  ].join("\n");
}

/** Writes src/generated/content-index.ts for the checkout at `root`; true when it changed. */
export function writeContentIndex(root: string): boolean {
  const file = join(root, CONTENT_INDEX_FILE);
  const source = contentIndexSource(townSlugs(root));
  if (existsSync(file) && readFileSync(file, "utf8") === source) return false;
  mkdirSync(join(root, "src", "generated"), { recursive: true });
  writeFileSync(file, source);
  return true;
}

export default function contentIndex(): AstroIntegration {
  let root = process.cwd();
  return {
    name: "content-index",
    hooks: {
      "astro:config:setup": ({ config, logger }) => {
        root = fileURLToPath(config.root);
        if (writeContentIndex(root)) logger.info(`Wrote ${CONTENT_INDEX_FILE} from ${TOWNS_FOLDER}`);
      },
      // Under `astro dev` a town file added or removed (by hand or through the content editor)
      // updates the module at once; Vite then reloads what imports it.
      "astro:server:setup": ({ server, logger }) => {
        const towns = resolve(root, TOWNS_FOLDER);
        const update = (path: string) => {
          if (resolve(path, "..") === towns && writeContentIndex(root))
            logger.info(`Updated ${CONTENT_INDEX_FILE}`);
        };
        server.watcher.add(towns);
        server.watcher.on("add", update);
        server.watcher.on("unlink", update);
      },
    },
  };
}

if (import.meta.main) {
  writeContentIndex(process.cwd());
  console.error(`Wrote ${CONTENT_INDEX_FILE}`);
}
