/** The town slugs come from content/towns: a new file is a new town, with no code change. */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  CONTENT_INDEX_FILE,
  contentIndexSource,
  townSlugs,
  writeContentIndex,
} from "../../integrations/content-index";

const ROOT = join(import.meta.dirname, "..", "..");
let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe("content index", () => {
  it("lists the town files of content/towns", () => {
    expect(townSlugs(ROOT)).toContain("doune");
    expect(readFileSync(join(ROOT, CONTENT_INDEX_FILE), "utf8")).toBe(contentIndexSource(townSlugs(ROOT)));
  });

  it("adds a town copied under a new name, and drops a removed one", () => {
    dir = mkdtempSync(join(tmpdir(), "content-index-"));
    cpSync(join(ROOT, "content", "towns"), join(dir, "content", "towns"), { recursive: true });
    const doune = readFileSync(join(dir, "content", "towns", "doune.yaml"), "utf8");
    writeFileSync(
      join(dir, "content", "towns", "deanston.yaml"),
      doune.replace("slug: doune", "slug: deanston"),
    );
    rmSync(join(dir, "content", "towns", "perth.yaml"));
    expect(writeContentIndex(dir)).toBe(true);
    const source = readFileSync(join(dir, CONTENT_INDEX_FILE), "utf8");
    expect(source).toContain('"deanston"');
    expect(source).not.toContain('"perth"');
    expect(writeContentIndex(dir)).toBe(false);
  });

  it("refuses an empty folder", () => expect(() => contentIndexSource([])).toThrow(/no town files/));
});
