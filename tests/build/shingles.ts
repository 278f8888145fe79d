/**
 * The no-doorway measure for town pages (docs/towns.md): how much of a page's text no other town
 * page has. Text is split into word 5-shingles (runs of five words); a shingle is the page's own
 * when no other page contains it. Before shingling, every town's name, council area and postcode
 * districts become one placeholder word, so swapping one town's name into another's copy gains
 * nothing: the copy's shingles are still found on the page it came from.
 */

export const SHINGLE_WORDS = 5;
const PLACEHOLDER = "qqplace";

/** The visible text of the page's <main>, without scripts, styles and tags. */
export function mainText(html: string): string {
  const main = /<main\b[^>]*>([\s\S]*?)<\/main>/i.exec(html)?.[1] ?? "";
  return decode(main.replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, " ").replace(/<[^>]+>/g, " "));
}

/** The text of the element carrying `attribute` (e.g. data-town-text) inside the page. */
export function sectionText(html: string, attribute: string): string {
  const start = html.indexOf(attribute);
  if (start < 0) return "";
  const open = html.lastIndexOf("<", start);
  const tag = /^<([a-z0-9]+)/i.exec(html.slice(open))?.[1] ?? "div";
  // Walk nested tags of the same name to find the matching close.
  const pattern = new RegExp(`<(/?)${tag}\\b[^>]*>`, "gi");
  pattern.lastIndex = open;
  let depth = 0;
  for (let match = pattern.exec(html); match; match = pattern.exec(html)) {
    depth += match[1] ? -1 : 1;
    if (depth === 0) return decode(html.slice(open, match.index).replace(/<[^>]+>/g, " "));
  }
  return "";
}

function decode(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replaceAll("&nbsp;", " ")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&");
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Lower-case words, each place name in `places` replaced by one placeholder word. */
export function words(text: string, places: readonly string[]): string[] {
  let normalised = text.toLowerCase().replace(/[’‘]/g, "'");
  // Longest first, so "Bridge of Allan" is replaced before "Allan" could be.
  for (const place of [...places].sort((a, b) => b.length - a.length)) {
    normalised = normalised.replace(
      new RegExp(`\\b${escapeRegExp(place.toLowerCase())}\\b`, "g"),
      PLACEHOLDER,
    );
  }
  return normalised.match(/[a-z0-9]+(?:'[a-z]+)?/g) ?? [];
}

export function shingles(list: readonly string[], size = SHINGLE_WORDS): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i + size <= list.length; i++) out.add(list.slice(i, i + size).join(" "));
  return out;
}

/** The shingles of `text` found in none of `others`. */
export function ownShingles(text: Set<string>, others: readonly Set<string>[]): Set<string> {
  return new Set([...text].filter((shingle) => !others.some((other) => other.has(shingle))));
}
