/**
 * The loaders of src/content.config.ts, remembering where each collection lives in content/, so
 * the content editor's config is built from the collections themselves: a collection added with
 * these `file()` and `glob()` appears in the editor with no further work. They are Astro's loaders
 * (astro/loaders), unchanged; only the paths are recorded.
 */
import { file as astroFile, glob as astroGlob } from "astro/loaders";

/** Where a collection's entries are: one data file, or one file per entry in a folder. */
export type ContentSource =
  { kind: "file"; path: string } | { kind: "folder"; folder: string; extension: string };

const SOURCES = new WeakMap<object, ContentSource>();

/** "./content/towns/" → "content/towns". */
function repoPath(path: string): string {
  return path.replace(/^\.\//, "").replace(/\/+$/, "");
}

/** Astro's `file()` loader: every top-level key (or array item with an id) of one YAML/JSON file. */
export function file(path: string, options?: Parameters<typeof astroFile>[1]): ReturnType<typeof astroFile> {
  const loader = astroFile(path, options);
  SOURCES.set(loader, { kind: "file", path: repoPath(path) });
  return loader;
}

/**
 * Astro's `glob()` loader. The editor understands one folder and one extension (`pattern: "*.md"`),
 * which is how every collection of this site is laid out; other patterns load as usual but the
 * editor's config then names the collection as one it cannot edit.
 */
export function glob(options: Parameters<typeof astroGlob>[0]): ReturnType<typeof astroGlob> {
  const loader = astroGlob(options);
  const extension =
    typeof options.pattern === "string" ? /^\*\.([a-z0-9]+)$/i.exec(options.pattern)?.[1] : undefined;
  if (extension && typeof options.base === "string") {
    SOURCES.set(loader, { kind: "folder", folder: repoPath(options.base), extension });
  }
  return loader;
}

/** Where the collection with this loader lives, if it was made by `file()` or `glob()` above. */
export function contentSource(loader: unknown): ContentSource | undefined {
  return typeof loader === "object" && loader !== null ? SOURCES.get(loader) : undefined;
}
