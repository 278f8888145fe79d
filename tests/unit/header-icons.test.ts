/**
 * The header's icons are inline SVG (docs/pages.md, "Emoji by name"): an emoji needs an emoji
 * font, and without one (many Linux desktops, some kiosks) it shows as an empty box.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const header = readFileSync(
  join(import.meta.dirname, "..", "..", "src", "components", "Header.astro"),
  "utf8",
);

describe("the header", () => {
  it("draws no emoji", () => {
    expect(header.match(/\p{Extended_Pictographic}/gu) ?? []).toEqual([]);
  });

  it("shows each phone link's number beside an inline SVG hidden from screen readers", () => {
    const links = [...header.matchAll(/<a\s+href=\{telLink\(business\.phone\)\}[\s\S]*?<\/a>/g)].map(
      (m) => m[0],
    );
    // The number beside the links from md up and the one in the side menu; a phone's first tap to
    // call is the action bar's (src/components/ActionBar.astro).
    expect(links).toHaveLength(2);
    for (const link of links) {
      expect(link).toMatch(/<svg[^>]*\baria-hidden="true"[^>]*>\s*<path d=\{PHONE_ICON_PATH\}/);
    }
    const withNumber = links.filter((link) => /<\/svg>\s*\{business\.phone\}\s*<\/a>/.test(link));
    expect(withNumber).toHaveLength(2);
  });
});
