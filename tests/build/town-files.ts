/** The towns as their files in content/towns/ give them, sorted by slug: for the town pages' build and browser tests. */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";

const TOWNS_DIR = join(import.meta.dirname, "..", "..", "content", "towns");

export interface TownFile {
  name: string;
  slug: string;
  council: string;
  postcodes: string[];
}

export const towns: TownFile[] = readdirSync(TOWNS_DIR)
  .filter((name) => name.endsWith(".yaml"))
  .map((name) => parse(readFileSync(join(TOWNS_DIR, name), "utf8")) as TownFile)
  .sort((a, b) => a.slug.localeCompare(b.slug));
