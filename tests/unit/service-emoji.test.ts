import { describe, expect, it } from "vitest";
import { DEFAULT_SERVICE_EMOJI, serviceEmoji, toParagraphs } from "../../src/lib/service-emoji";

describe("serviceEmoji", () => {
  it.each([
    ["Roof Repairs", "🔨"],
    ["Emergency Repairs", "🚨"],
    ["New Roof Installation", "🏠"],
    ["Roughcasting", "🪨"],
    ["Smooth Rendering", "🎨"],
    ["Guttering Services", "🌧️"],
    ["Guttering, Fascias & Soffits", "🌧️"],
    ["Roof Maintenance", "🛠️"],
    ["Cleaning & Maintenance", "🧽"],
    ["Flat Roofing", "🏢"],
    ["Chimney Services", "🧱"],
    ["Lead Work", "🔩"],
    ["Re-roofing with Reclaimed Slates", "♻️"],
    ["roof repairs", "🔨"],
    ["Solar Panels", DEFAULT_SERVICE_EMOJI],
  ])("%s → %s", (name, emoji) => {
    expect(serviceEmoji(name)).toBe(emoji);
  });
});

describe("toParagraphs", () => {
  it.each([
    ["one line", "One line.", ["One line."]],
    ["lines", "First.\nSecond.\n", ["First.", "Second."]],
    ["CRLF and blank lines", "First.\r\n\r\n  Second.  ", ["First.", "Second."]],
    ["nothing", undefined, []],
  ])("%s", (_label, text, paragraphs) => {
    expect(toParagraphs(text)).toEqual(paragraphs);
  });
});
