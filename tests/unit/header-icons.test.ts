/**
 * The header's icons are inline SVG (docs/pages.md, "Emoji by name"): an emoji needs an emoji
 * font, and without one (many Linux desktops, some kiosks) it shows as an empty box.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const source = (...path: string[]) =>
  readFileSync(join(import.meta.dirname, "..", "..", "src", "components", ...path), "utf8");
const header = source("Header.astro");
const phoneLink = source("ui", "PhoneLink.astro");
const lineIcon = source("ui", "LineIcon.astro");

describe("the header", () => {
  it("draws no emoji", () => {
    expect(header.match(/\p{Extended_Pictographic}/gu) ?? []).toEqual([]);
  });

  it("shows each phone link's number beside an inline SVG hidden from screen readers", () => {
    // The number beside the links from md up and the one in the side menu; a phone's first tap to
    // call is the action bar's (src/components/ActionBar.astro). Both are PhoneLink without words
    // of their own, so each shows the number.
    const links = [...header.matchAll(/<PhoneLink\b[^>]*?(\/>|>[\s\S]*?<\/PhoneLink>)/g)].map((m) => m[0]);
    expect(links).toHaveLength(2);
    for (const link of links) expect(link).toMatch(/\/>$/);
    // PhoneLink: the call link, the phone's line drawing, then the number (its slot's default).
    expect(phoneLink).toMatch(
      /<a href=\{telLink\(business\.phone\)\}[^>]*>\s*<LineIcon path=\{PHONE_ICON_PATH\}[^>]*\/>\s*<slot>\{business\.phone\}<\/slot>\s*<\/a>/,
    );
    // The drawing is inline SVG, hidden from screen readers.
    expect(lineIcon).toMatch(/<svg[^>]*\baria-hidden="true"[^>]*>\s*<path d=\{path\}/);
    expect(lineIcon + phoneLink).not.toMatch(/\p{Extended_Pictographic}/u);
  });
});
